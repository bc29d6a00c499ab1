/** A connection to the test PostgreSQL server as its admin (to create and drop a database per suite), or null without one. */
import crypto from 'node:crypto';
import path from 'node:path';
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

/**
 * What every API instance of a drill across instances shares: a database of the drill's own on the test
 * PostgreSQL server (created here), a data folder, the demo shops, and a Redis namespace of its own so that two
 * drills, or two runs, never see each other's revocations, limits or leases. The caller adds its own settings.
 */
export async function drillEnvironment(admin: pg.Client & { adminUrl: string }, options: { database: string; dir: string; redisUrl: string; namespace: string }) {
  await admin.query(`CREATE DATABASE ${options.database}`);
  const url = new URL(admin.adminUrl);
  url.pathname = `/${options.database}`;
  return {
    ...process.env,
    DATABASE_URL: url.toString(),
    DATA_DIR: path.join(options.dir, 'data'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    NODE_ENV: 'development',
    REDIS_URL: options.redisUrl,
    REDIS_NAMESPACE: `${options.namespace}-${crypto.randomBytes(4).toString('hex')}:`,
  };
}
