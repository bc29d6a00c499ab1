/**
 * Run by pglite-templates.ts in a child process (for Jest's global setup, database-templates.ts, or the journeys'):
 *   tsx api/test/helpers/build-database-templates.ts '{"pgliteDir":"/tmp/…","postgres":{"adminUrl":"…","name":"…"}}'
 * Writes PGlite's `empty.tar` (after initdb) and `migrated.tar` (every migration applied) into `pgliteDir` (unless
 * null: the run reuses kept ones), and creates and migrates the PostgreSQL template database when asked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate } from '../../src/db/migrate';
import { wrapPGlite } from '../../src/db/pglite';
import { createPostgresDb } from '../../src/db/postgres';
import { PGLITE_TEMPLATE_FILES, type TemplateRequest } from './pglite-templates';

/**
 * Leaves only the database the tests use (`postgres`): initdb's `template0` and `template1` were 15 of the 42 MB and
 * two thirds of the files every test database unpacked at its start, and no test makes a database inside PGlite.
 */
async function dropTemplateDatabases(pglite: PGlite): Promise<void> {
  await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await pglite.exec('DROP DATABASE template0');
  await pglite.exec('DROP DATABASE template1');
}

async function writeDump(pglite: PGlite, file: string): Promise<void> {
  await pglite.exec('CHECKPOINT');
  const tarball = await pglite.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}

async function buildPGlite(dir: string): Promise<void> {
  const pglite = await PGlite.create();
  const db = wrapPGlite(pglite);
  try {
    await dropTemplateDatabases(pglite);
    await writeDump(pglite, path.join(dir, PGLITE_TEMPLATE_FILES.empty));
    await migrate(db);
    await writeDump(pglite, path.join(dir, PGLITE_TEMPLATE_FILES.migrated));
  } finally {
    await db.close();
  }
}

async function buildPostgres({ adminUrl, name }: NonNullable<TemplateRequest['postgres']>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any suite copies it: PostgreSQL copies a template only while nobody is connected to it.
  const db = createPostgresDb(url.toString());
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '') as TemplateRequest;
  // One after the other, PostgreSQL first: PGlite's migrations run in WebAssembly on this thread and hold it for
  // seconds on a slow, busy machine, and a PostgreSQL connection being opened meanwhile missed its 5 s timeout
  // («Connection terminated due to connection timeout», a red CI run while the journeys' build ran beside it).
  if (request.postgres) await buildPostgres(request.postgres);
  if (request.pgliteDir) await buildPGlite(request.pgliteDir);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`[api tests] could not build the database templates: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
