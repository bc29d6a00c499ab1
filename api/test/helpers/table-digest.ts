import type { Queryable } from '../../src/db';

/** The last digest taken of a database, with the snapshot it was taken in. */
const lastDigests = new WeakMap<Queryable, { snapshot: string; digest: Record<string, string> }>();

/**
 * A digest of every row of every table (name → md5 of its sorted rows): two equal digests mean nothing
 * was written in between. How the bad-input and security suites check that a refused request left the
 * database alone, whatever table a bug might have touched. `scheduled_tasks` is left out: the scheduler
 * moves its run times on its own clock, whatever the requests do.
 *
 * The rows are read again only when a transaction may have changed them: a snapshot equal to the one of the last
 * digest (the same transactions committed, the same ones in progress) sees exactly the same rows, so that digest
 * is the answer. Refused requests seldom write, and the fuzz suite takes a digest after each of thousands.
 */
export async function tableDigest(db: Queryable): Promise<Record<string, string>> {
  const { rows: snapshotRows } = await db.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
  const snapshot = snapshotRows[0].snapshot;
  const last = lastDigests.get(db);
  if (last?.snapshot === snapshot) return { ...last.digest };
  const { rows: tables } = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'scheduled_tasks' ORDER BY table_name",
  );
  // One statement for all tables: the fuzz suite takes a digest after every request.
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT ${tables.map(({ table_name }, i) => `(SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM "${table_name}" x) AS t${i}`).join(', ')}`,
  );
  const digest = Object.fromEntries(tables.map(({ table_name }, i) => [table_name, rows[0][`t${i}`] ?? 'empty']));
  lastDigests.set(db, { snapshot, digest });
  return { ...digest };
}
