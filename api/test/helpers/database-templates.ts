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
 * PGlite's two tarballs are also kept between runs in a folder named after a stamp of what makes them (the
 * migrations, api/src/db, the builder, PGlite's and Node's versions): the next Jest run with the same stamp (`npm test`'s
 * serial phase after its parallel one, a developer's next run) copies them instead of running initdb and every
 * migration in WebAssembly again before any suite may start. migrations.test.ts still checks, every run, that the
 * migrated one equals a database migrated from scratch.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folder holding `empty.tar` and `migrated.tar`; set by the global setup, inherited by Jest's workers. */
export const PGLITE_TEMPLATES_ENV = 'API_TEST_PGLITE_TEMPLATES';
/** The PostgreSQL template database's name. */
export const POSTGRES_TEMPLATE_ENV = 'API_TEST_POSTGRES_TEMPLATE';

export const PGLITE_TEMPLATE_FILES = { empty: 'empty.tar', migrated: 'migrated.tar' } as const;

const TEMPLATES_DIR_PREFIX = 'loyalty-test-templates-';

/** What the builder is asked for (its one argument, as JSON); `pgliteDir` null: PostgreSQL's only. */
export interface TemplateRequest {
  pgliteDir: string | null;
  postgres: { adminUrl: string; name: string } | null;
}

/**
 * Builds the templates and tells the suites where they are (through the environment). Folders left by a run that
 * was killed before its teardown (its process is gone) are removed first.
 */
export function buildDatabaseTemplates(postgres: TemplateRequest['postgres']): void {
  removeStaleTemplateDirs();
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), `${TEMPLATES_DIR_PREFIX}${process.pid}-`));
  const stamp = pgliteTemplatesStamp();
  const reused = copyKeptPGliteTemplates(stamp, pgliteDir);
  if (!reused || postgres) {
    const request: TemplateRequest = { pgliteDir: reused ? null : pgliteDir, postgres };
    execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'build-database-templates.ts'), JSON.stringify(request)], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (!reused) keepPGliteTemplates(stamp, pgliteDir);
  }
  process.env[PGLITE_TEMPLATES_ENV] = pgliteDir;
  if (postgres) process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
}

const API_ROOT = path.resolve(__dirname, '../..');
const KEPT_DIR_PREFIX = 'loyalty-test-pglite-kept-';

/** Every file under `dir` (sorted), by its path from `dir` and its bytes. */
function hashFolder(hash: crypto.Hash, dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }).map((e) => path.join(e.parentPath, e.name)).sort()) {
    if (fs.statSync(entry).isFile()) hash.update(path.relative(dir, entry)).update(fs.readFileSync(entry));
  }
}

/** The installed PGlite's version (its package.json is not among its exports: found from its entry upwards). */
function pgliteVersion(): string {
  for (let dir = path.dirname(require.resolve('@electric-sql/pglite')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (manifest.name === '@electric-sql/pglite') return manifest.version;
  }
  throw new Error('@electric-sql/pglite: package.json not found');
}

/** What PGlite's templates are made from: the migrations, the database layer, the builder, PGlite's and Node's versions. */
function pgliteTemplatesStamp(): string {
  const hash = crypto.createHash('sha256');
  hashFolder(hash, path.join(API_ROOT, 'migrations'));
  hashFolder(hash, path.join(API_ROOT, 'src', 'db'));
  for (const file of ['build-database-templates.ts', 'database-templates.ts']) hash.update(fs.readFileSync(path.join(__dirname, file)));
  hash.update(pgliteVersion()).update(process.version);
  return hash.digest('hex').slice(0, 24);
}

const keptDir = (stamp: string) => path.join(os.tmpdir(), `${KEPT_DIR_PREFIX}${stamp}`);

/** Copies the kept templates of this stamp into `dir`; false when there are none. A kept folder never changes once named. */
function copyKeptPGliteTemplates(stamp: string, dir: string): boolean {
  const kept = keptDir(stamp);
  const files = Object.values(PGLITE_TEMPLATE_FILES);
  if (!files.every((file) => fs.existsSync(path.join(kept, file)))) return false;
  try {
    for (const file of files) fs.copyFileSync(path.join(kept, file), path.join(dir, file));
    return true;
  } catch {
    return false; // removed meanwhile: build them
  }
}

/**
 * Keeps the templates just built under their stamp: copied into a folder of their own, which is then renamed (another
 * run never sees half of it); kept folders of other stamps unused for an hour are removed.
 */
function keepPGliteTemplates(stamp: string, dir: string): void {
  try {
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), `loyalty-test-pglite-staging-${process.pid}-`));
    for (const file of Object.values(PGLITE_TEMPLATE_FILES)) fs.copyFileSync(path.join(dir, file), path.join(staging, file));
    try {
      fs.renameSync(staging, keptDir(stamp));
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another run kept the same ones first
    }
    for (const entry of fs.readdirSync(os.tmpdir())) {
      const other = path.join(os.tmpdir(), entry);
      if (entry.startsWith(KEPT_DIR_PREFIX) && other !== keptDir(stamp) && Date.now() - fs.statSync(other).mtimeMs > 3_600_000) {
        fs.rmSync(other, { recursive: true, force: true });
      }
    }
  } catch {
    // only the next run's head start is lost
  }
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
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (fs.readdirSync(dataDir).length > 0) throw new Error(`fillWithMigratedDatabase: ${dataDir} is not empty`);
  // The tarball's names start at the data folder's root ("/PG_VERSION", "/base/…"): GNU tar strips the slash.
  execFileSync('tar', ['-xf', template, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return true;
}
