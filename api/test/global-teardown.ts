/** Runs once after the API suites: removes the databases every suite started from (helpers/database-templates.ts). */
import fs from 'node:fs';
import pg from 'pg';
import { PGLITE_TEMPLATES_ENV, POSTGRES_TEMPLATE_ENV } from './helpers/database-templates';
import { POSTGRES_URL_ENV } from './helpers/postgres-server';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[PGLITE_TEMPLATES_ENV];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (!template) return;
  const client = new pg.Client({ connectionString: process.env[POSTGRES_URL_ENV], connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
