/**
 * Runs once before the API suites: finds out whether the PostgreSQL test server answers and tells the
 * suites through the environment (inherited by Jest's workers), then builds the databases every suite starts
 * from (helpers/database-templates.ts). See helpers/databases.ts.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { buildDatabaseTemplates } from './helpers/database-templates';
import { databasePrefix } from './helpers/databases';
import { POSTGRES_STATUS_ENV, POSTGRES_URL_ENV, postgresAdminUrls } from './helpers/postgres-server';

async function findPostgres(): Promise<void> {
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

export default async function globalSetup(): Promise<void> {
  await findPostgres();
  const adminUrl = process.env[POSTGRES_STATUS_ENV] === 'reachable' ? process.env[POSTGRES_URL_ENV]! : null;
  buildDatabaseTemplates(adminUrl ? { adminUrl, name: `${databasePrefix()}_template_${crypto.randomBytes(6).toString('hex')}` } : null);
}
