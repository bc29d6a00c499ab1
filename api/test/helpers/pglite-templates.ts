/**
 * PGlite's templates, made by one builder (build-database-templates.ts) and kept between runs under one stamp:
 * `empty.tar` (a data folder just after initdb) and `migrated.tar` (every migration applied), tarballs of PGlite's
 * `dumpDataDir`. Two kinds of runs take them:
 *   - the API suites (database-templates.ts, from Jest's global setup): every suite's in-memory PGlite starts from one;
 *   - the journeys (e2e/src/own-api-template.ts, through e2e's tsconfig reference to ../api): their APIs' data
 *     folders start from `migrated.tar`; src/prebuild.ts takes it ahead, beside Jest's serial phase.
 * The kept folder is named after a stamp of what makes the templates (the migrations, api/src/db, the builder and
 * this file, PGlite's and Node's versions): the next run with the same stamp (`npm test`'s serial phase after its
 * parallel one, the journeys after both, a developer's next run) copies them instead of running initdb and every
 * migration in WebAssembly again. A kept folder is written under another name and renamed whole (a run never sees
 * half of it), and never changes once named. migrations.test.ts checks, every run, that the migrated one equals a
 * database migrated from scratch. This file imports nothing of the API's (the builder does, in its own process).
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PGLITE_TEMPLATE_FILES = { empty: 'empty.tar', migrated: 'migrated.tar' } as const;
type TemplateKind = keyof typeof PGLITE_TEMPLATE_FILES;

/** What the builder is asked for (its one argument, as JSON); `pgliteDir` null: PostgreSQL's only. */
export interface TemplateRequest {
  pgliteDir: string | null;
  postgres: { adminUrl: string; name: string } | null;
}

const API_ROOT = path.resolve(__dirname, '../..');
const BUILDER = path.join(__dirname, 'build-database-templates.ts');
const KEPT_DIR_PREFIX = 'loyalty-test-pglite-kept-';

/** Every file under `dir` (sorted), by its path from `dir` and its bytes. */
function hashFolder(hash: crypto.Hash, dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }).map((e) => path.join(e.parentPath, e.name)).sort()) {
    if (fs.statSync(entry).isFile()) hash.update(path.relative(dir, entry)).update(fs.readFileSync(entry));
  }
}

/** The installed PGlite's version (its package.json is not among its exports: found from its entry upwards). */
function pgliteVersion(): string {
  for (let dir = path.dirname(require.resolve('@electric-sql/pglite', { paths: [API_ROOT] })); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (manifest.name === '@electric-sql/pglite') return manifest.version;
  }
  throw new Error('@electric-sql/pglite: package.json not found');
}

/** What PGlite's templates are made from: the migrations, the database layer, the builder and this file, PGlite's and Node's versions. */
export function pgliteTemplatesStamp(): string {
  const hash = crypto.createHash('sha256');
  hashFolder(hash, path.join(API_ROOT, 'migrations'));
  hashFolder(hash, path.join(API_ROOT, 'src', 'db'));
  for (const file of [BUILDER, __filename]) hash.update(fs.readFileSync(file));
  hash.update(pgliteVersion()).update(process.version);
  return hash.digest('hex').slice(0, 24);
}

const keptDir = (stamp: string) => path.join(os.tmpdir(), `${KEPT_DIR_PREFIX}${stamp}`);

/**
 * Copies the kept templates of this stamp (`kinds`, both by default) into `dir`; false when there are none. A
 * folder taken is marked used (its time), so that another stamp's run does not remove it as unused.
 */
export function copyKeptPGliteTemplates(stamp: string, dir: string, kinds: TemplateKind[] = ['empty', 'migrated']): boolean {
  const kept = keptDir(stamp);
  const files = Object.values(PGLITE_TEMPLATE_FILES);
  if (!files.every((file) => fs.existsSync(path.join(kept, file)))) return false;
  try {
    for (const kind of kinds) fs.copyFileSync(path.join(kept, PGLITE_TEMPLATE_FILES[kind]), path.join(dir, PGLITE_TEMPLATE_FILES[kind]));
    const now = new Date();
    fs.utimesSync(kept, now, now);
    return true;
  } catch {
    return false; // removed meanwhile: build them
  }
}

/**
 * Keeps the templates just built in `dir` under their stamp: copied into a folder of their own, which is then
 * renamed (another run never sees half of it); kept folders of other stamps unused for an hour are removed.
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

const builderArgs = (request: TemplateRequest) => ['--import', 'tsx', BUILDER, JSON.stringify(request)];

/**
 * Runs the builder in a child process (PGlite's WebAssembly runtime can set the exit code of the process it runs in,
 * which must not be Jest's own) and keeps PGlite's templates it wrote under `stamp`. `output` 'pipe': the builder's
 * output goes into the error thrown when it fails.
 */
export function buildTemplates(request: TemplateRequest, stamp: string, output: 'inherit' | 'pipe'): void {
  execFileSync(process.execPath, builderArgs(request), { cwd: API_ROOT, stdio: ['ignore', output, output] });
  if (request.pgliteDir) keepPGliteTemplates(stamp, request.pgliteDir);
}

/** The kept templates' folder of the current stamp, built and kept first when there is none (the builder's failure is thrown). */
export function keptPGliteTemplates(): { dir: string; built: boolean } {
  const stamp = pgliteTemplatesStamp();
  const kept = keptDir(stamp);
  const complete = () => Object.values(PGLITE_TEMPLATE_FILES).every((file) => fs.existsSync(path.join(kept, file)));
  if (complete()) return { dir: kept, built: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `loyalty-test-pglite-build-${process.pid}-`));
  try {
    buildTemplates({ pgliteDir: dir, postgres: null }, stamp, 'pipe');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!complete()) throw new Error(`PGlite's templates built but not kept in ${kept}`);
  return { dir: kept, built: true };
}

/**
 * Builds PGlite's templates into `dir` in the background, at `nice` (nice execs node: the child is the builder
 * itself), and keeps them under `stamp` when the builder succeeds; `exited` answers its exit code once they are kept.
 */
export function startPGliteTemplatesBuild(dir: string, stamp: string, nice: number): { exited: Promise<number>; stop: () => void } {
  const child = spawn('nice', ['-n', String(nice), process.execPath, ...builderArgs({ pgliteDir: dir, postgres: null })], { cwd: API_ROOT, stdio: 'ignore' });
  const exited = new Promise<number>((resolve) => {
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  }).then((code) => {
    if (code === 0) keepPGliteTemplates(stamp, dir);
    return code;
  });
  return {
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/**
 * Unpacks a template into a data folder, which a PGlite server then opens as an existing database. The tarball's
 * names start at the data folder's root ("/PG_VERSION", "/base/…"): GNU tar strips the slash.
 */
export function unpackPGliteTemplate(tarball: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['-xf', tarball, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
}
