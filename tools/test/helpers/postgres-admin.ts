/** A connection to the test PostgreSQL server as its admin (to create and drop a database per suite), or null without one. */
import pg from 'pg';
import { postgresAdminUrls } from '../../../api/test/helpers/postgres-server';

export async function postgresAdminClient(): Promise<(pg.Client & { adminUrl: string }) | null> {
  for (const url of postgresAdminUrls()) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return Object.assign(client, { adminUrl: url });
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}
