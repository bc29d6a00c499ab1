/**
 * Migration 017 (decision 044): the short "Salva in Google Wallet" link. Each Google object gets
 * `save_token`, the secret of its link `/api/wallet/google/save/<token>` (32 random bytes in base64url, like
 * wallet_passes.download_token: nothing to enumerate). A TypeScript data step (src/db/migrate.ts) so the
 * objects made before it get their token from Node's CSPRNG, the same generator as new ones (SQL alone has
 * no 32 random bytes without pgcrypto); it runs once, in the migrations' transaction.
 */
import type { Queryable } from '../src/db/types';
import { newSaveToken } from '../src/features/wallet/google-repository';

export async function up(tx: Queryable): Promise<void> {
  await tx.exec('ALTER TABLE wallet_google_objects ADD COLUMN save_token text');
  const { rows } = await tx.query<{ card_id: string }>('SELECT card_id FROM wallet_google_objects');
  if (rows.length > 0) {
    await tx.query(
      `UPDATE wallet_google_objects g SET save_token = t.token
         FROM unnest($1::text[], $2::text[]) AS t(card_id, token) WHERE g.card_id = t.card_id`,
      [rows.map((r) => r.card_id), rows.map(() => newSaveToken())],
    );
  }
  await tx.exec(`ALTER TABLE wallet_google_objects ALTER COLUMN save_token SET NOT NULL;
    ALTER TABLE wallet_google_objects ADD CONSTRAINT wallet_google_objects_save_token_key UNIQUE (save_token)`);
}
