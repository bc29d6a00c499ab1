/**
 * Runs once before the API suites: finds out whether the PostgreSQL test server answers and tells the
 * suites through the environment (inherited by Jest's workers). See helpers/databases.ts.
 */
import pg from 'pg';
import { POSTGRES_STATUS_ENV, POSTGRES_URL_ENV, postgresAdminUrls } from './helpers/postgres-server';

export default async function globalSetup(): Promise<void> {
  const problems: string[] = [];
  for (const url of postgresAdminUrls()) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      process.env[POSTGRES_URL_ENV] = url;
      process.env[POSTGRES_STATUS_ENV] = 'reachable';
      return;
    } catch (error) {
      problems.push(`${url.replace(/:[^:@/]*@/, ':***@')}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  process.env[POSTGRES_STATUS_ENV] = `unreachable (${problems.join('; ')})`;
}
