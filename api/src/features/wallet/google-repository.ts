/**
 * The SQL of Google Wallet objects (migration 016): an object per card and the syncs with Google
 * (claimed like wallet_push_jobs: FOR UPDATE SKIP LOCKED and a lease). Each object has the secret of its short
 * save link, `save_token` (migration 017, decision 044).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db';
import { claimDueSql, completeSql, retryOrFailOutcome, retryOrFailSql, type JobOutcome } from '../../lib/leased-queue';
import { NEXT_REWARD_SQL, type CardFace } from './repository';

export interface GoogleObjectRecord {
  card_id: string;
  object_id: string;
  inserted: boolean;
  /** The secret of the card's short save link (32 random bytes, base64url). */
  save_token: string;
}

/** A new save token: 32 random bytes in base64url (43 characters), like wallet_passes.download_token. */
export const newSaveToken = () => crypto.randomBytes(32).toString('base64url');

/** Everything the class and the object show, read in one statement. */
export interface GoogleObjectContent extends GoogleObjectRecord, CardFace {
  business_id: string;
}

export interface GoogleJob {
  id: number;
  object_id: string;
  attempts: number;
  lock_token: string;
}

export function createGoogleWalletRepository(db: Db, issuerId: string) {
  return {
    /** Whether some shop has `color` ('#rrggbb', lower case, as stored) as its brand colour: the logos drawn are theirs only. */
    async isShopColor(color: string): Promise<boolean> {
      const { rows } = await db.query<{ used: boolean }>('SELECT EXISTS (SELECT 1 FROM businesses WHERE brand_color = $1) AS used', [color]);
      return rows[0].used;
    },

    /**
     * The card's object, made on first call with a random id, and its first sync queued (which inserts it at
     * Google). Null when the card does not exist.
     */
    async ensureObject(cardId: string): Promise<{ record: GoogleObjectRecord; made: boolean } | null> {
      const objectId = `${issuerId}.${crypto.randomUUID()}`;
      const made = await db.query<GoogleObjectRecord>(
        `WITH made AS (
           INSERT INTO wallet_google_objects (card_id, object_id, save_token)
           SELECT id, $2, $3 FROM loyalty_cards WHERE id = $1
           ON CONFLICT (card_id) DO NOTHING
           RETURNING card_id, object_id, inserted, save_token
         ), queued AS (
           INSERT INTO wallet_google_jobs (object_id) SELECT object_id FROM made
           ON CONFLICT (object_id) WHERE status = 'queued' DO NOTHING
         )
         SELECT * FROM made`,
        [cardId, objectId, newSaveToken()],
      );
      if (made.rows[0]) return { record: made.rows[0], made: true };
      const { rows } = await db.query<GoogleObjectRecord>('SELECT card_id, object_id, inserted, save_token FROM wallet_google_objects WHERE card_id = $1', [cardId]);
      return rows[0] ? { record: rows[0], made: false } : null;
    },

    /** The object's current content, by card, object id or save token (the short link); null when none matches. */
    async content(column: 'card_id' | 'object_id' | 'save_token', value: string): Promise<GoogleObjectContent | null> {
      const { rows } = await db.query<GoogleObjectContent>(
        `SELECT g.card_id, g.object_id, g.inserted, g.save_token, b.id AS business_id, c.user_id, c.card_number, c.customer_name, c.points,
                b.name AS business_name, b.loyalty_mode, b.brand_color, ${NEXT_REWARD_SQL} AS next_reward
           FROM wallet_google_objects g JOIN loyalty_cards c ON c.id = g.card_id JOIN businesses b ON b.id = c.business_id
          WHERE g.${column} = $1`,
        [value],
      );
      return rows[0] ?? null;
    },

    /** Google took the object's content: later syncs update it. */
    async synced(objectId: string): Promise<void> {
      await db.query('UPDATE wallet_google_objects SET inserted = true, synced_at = now() WHERE object_id = $1', [objectId]);
    },

    /** Claims due syncs; an object whose sync is under way (lease still running) waits, so updates keep their order. */
    async claim(limit: number, leaseMs: number, lockToken: string): Promise<GoogleJob[]> {
      const { rows } = await db.query<GoogleJob>(
        claimDueSql({
          table: 'wallet_google_jobs',
          returning: 'j.id, j.object_id, j.attempts, j.lock_token',
          alsoDue: `NOT EXISTS (SELECT 1 FROM wallet_google_jobs s WHERE s.object_id = j.object_id AND s.id <> j.id
                                   AND s.status = 'sending' AND s.locked_until > now())`,
        }),
        [limit, leaseMs, lockToken],
      );
      return rows.sort((a, b) => a.id - b.id);
    },

    async complete(job: GoogleJob): Promise<boolean> {
      const { rows } = await db.query(completeSql('wallet_google_jobs'), [job.id, job.lock_token]);
      return rows.length > 0;
    },

    /**
     * Back to the queue in `retryInMs`, or failed for good (null). A sync already queued for the same object (a
     * later change, which sends the newest content anyway) takes its place: this one is closed. Answers which of
     * the two it did (null: the lease was lost, nothing written).
     */
    async fail(job: GoogleJob, error: string, retryInMs: number | null): Promise<JobOutcome | null> {
      const { rows } = await db.query<{ status: string }>(retryOrFailSql('wallet_google_jobs', 'q.object_id = j.object_id'), [job.id, job.lock_token, retryInMs, error]);
      return retryOrFailOutcome(rows);
    },
  };
}

export type GoogleWalletRepository = ReturnType<typeof createGoogleWalletRepository>;
