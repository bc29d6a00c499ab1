import type { Queryable } from '../../src/db';

/**
 * A digest of every row of every table (name → md5 of its sorted rows): two equal digests mean nothing
 * was written in between. How the bad-input and security suites check that a refused request left the
 * database alone, whatever table a bug might have touched. `scheduled_tasks` is left out: the scheduler
 * moves its run times on its own clock (issue 20), whatever the requests do.
 */
export async function tableDigest(db: Queryable): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'scheduled_tasks' ORDER BY table_name",
  );
  // One statement for all tables: the fuzz suite takes a digest after every request.
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT ${tables.map(({ table_name }, i) => `(SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM "${table_name}" x) AS t${i}`).join(', ')}`,
  );
  return Object.fromEntries(tables.map(({ table_name }, i) => [table_name, rows[0][`t${i}`] ?? 'empty']));
}
