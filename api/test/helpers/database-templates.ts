/**
 * The databases every suite starts from, made once per Jest run (test/global-setup.ts) instead of once per suite:
 *   - PGlite: two tarballs of a data folder (PGlite's `dumpDataDir`), one just after initdb (`empty.tar`) and one
 *     with every migration applied (`migrated.tar`); a suite's in-memory PGlite starts from one of them
 *     (`loadDataDir`), which skips initdb (~5 s of WebAssembly per database on a 2-core machine) and the migrations;
 *   - PostgreSQL: a database with every migration applied, which each suite's database copies
 *     (`CREATE DATABASE … TEMPLATE …`).
 * A database that starts from a template still goes through `migrate()` when the app starts (nothing left to
 * apply); the suites that test the migrations ask for an empty database (`create({ migrated: false })`) and run
 * them from scratch. Built in a child process (`build-database-templates.ts`): PGlite's WebAssembly runtime can set
 * the exit code of the process it runs in (test/setup.ts), which must not be Jest's own.
 * PGlite's two tarballs are kept between runs under a stamp of what makes them (pglite-templates.ts, which the
 * journeys' APIs take them from too): the next Jest run with the same stamp copies them instead of building them again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTemplates, copyKeptPGliteTemplates, PGLITE_TEMPLATE_FILES, pgliteTemplatesStamp, type TemplateRequest, unpackPGliteTemplate } from './pglite-templates';

/** The folder holding `empty.tar` and `migrated.tar`; set by the global setup, inherited by Jest's workers. */
export const PGLITE_TEMPLATES_ENV = 'API_TEST_PGLITE_TEMPLATES';
/** The PostgreSQL template database's name. */
export const POSTGRES_TEMPLATE_ENV = 'API_TEST_POSTGRES_TEMPLATE';

const TEMPLATES_DIR_PREFIX = 'loyalty-test-templates-';

/**
 * Builds the templates and tells the suites where they are (through the environment). Folders left by a run that
 * was killed before its teardown (its process is gone) are removed first.
 */
export function buildDatabaseTemplates(postgres: TemplateRequest['postgres']): void {
  removeStaleTemplateDirs();
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), `${TEMPLATES_DIR_PREFIX}${process.pid}-`));
  const stamp = pgliteTemplatesStamp();
  const reused = copyKeptPGliteTemplates(stamp, pgliteDir);
  if (!reused || postgres) buildTemplates({ pgliteDir: reused ? null : pgliteDir, postgres }, stamp, 'inherit');
  process.env[PGLITE_TEMPLATES_ENV] = pgliteDir;
  if (postgres) process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
}

function removeStaleTemplateDirs(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^loyalty-test-templates-(\d+)-/.exec(entry)?.[1]);
    if (!pid || processAlive(pid)) continue;
    fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PGlite template file a new in-memory database starts from, when the global setup made them. */
export function pgliteTemplate(kind: keyof typeof PGLITE_TEMPLATE_FILES): string | undefined {
  const dir = process.env[PGLITE_TEMPLATES_ENV];
  return dir ? path.join(dir, PGLITE_TEMPLATE_FILES[kind]) : undefined;
}

/**
 * Fills a new data folder with the run's migrated PGlite database, for a server process whose first start is not
 * what its test is about: the server then opens an existing database instead of running initdb and every
 * migration in its own process (10–20 s alone, over 45 s once beside three Jest workers). api/test/security/data-dir.test.ts
 * (the real entry point, on both databases) and api/test/migrations.test.ts keep proving that first start. The folder holds only the database
 * afterwards, as a first start leaves it (no secrets: the server writes them). Returns false, leaving the folder
 * as it is, when the run made no template (a suite run without the API project's global setup): the server then
 * makes the database itself.
 */
export function fillWithMigratedDatabase(dataDir: string): boolean {
  const template = pgliteTemplate('migrated');
  if (!template || !fs.existsSync(template)) return false;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) throw new Error(`fillWithMigratedDatabase: ${dataDir} is not empty`);
  unpackPGliteTemplate(template, dataDir);
  return true;
}
