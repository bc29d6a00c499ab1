import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

/** Any constant: serialises concurrent starts of several API instances on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_242_001;

export interface Migration {
  version: string;
  sql: string;
}

/** `NNN_name.sql` files in order; the version is the file name without `.sql`. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/** Applies the migrations not yet recorded in `schema_migrations`, all in one transaction. Returns the versions applied. */
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
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    }
    return pending.map((m) => m.version);
  });
}
