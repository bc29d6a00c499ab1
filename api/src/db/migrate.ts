import fs from 'node:fs';
import path from 'node:path';
import * as phoneNumbersE164 from '../../migrations/011_phone_numbers_e164';
import * as walletGoogleSaveToken from '../../migrations/017_wallet_google_save_token';
import type { Db, Queryable } from './types';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

/** Any constant: serialises concurrent starts of several API instances on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_242_001;

/** A migration: a SQL script, or a data step in TypeScript for what SQL cannot do (libphonenumber's rules). */
export type Migration = { version: string; sql: string } | { version: string; up: (tx: Queryable) => Promise<void> };

/**
 * The migrations written in TypeScript (`NNN_name.ts` exporting `up(tx)`), imported here so that they are
 * type-checked and loaded like the rest of the code; a `.ts` file in the folder missing from this list
 * stops the start rather than being skipped.
 */
const CODE_MIGRATIONS: Readonly<Record<string, { up: (tx: Queryable) => Promise<void> }>> = {
  '011_phone_numbers_e164': phoneNumbersE164,
  '017_wallet_google_save_token': walletGoogleSaveToken,
};

/** `NNN_name.sql` and `NNN_name.ts` files in order; the version is the file name without its extension. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.(sql|ts)$/.test(file))
    .sort();
  return files.map((file): Migration => {
    const version = file.replace(/\.(sql|ts)$/, '');
    if (file.endsWith('.sql')) return { version, sql: fs.readFileSync(path.join(dir, file), 'utf8') };
    const code = CODE_MIGRATIONS[version];
    if (!code) throw new Error(`Migration ${file} is not listed in CODE_MIGRATIONS (src/db/migrate.ts)`);
    return { version, up: code.up };
  });
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, SQL scripts and TypeScript data steps alike,
 * all in one transaction. Returns the versions applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const pending = migrations.filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      if ('sql' in migration) await tx.exec(migration.sql);
      else await migration.up(tx);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    }
    return pending.map((m) => m.version);
  });
}
