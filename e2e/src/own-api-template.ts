/**
 * The migrated database the journeys' APIs start from: the API suites' builder (api/test/helpers/build-database-templates.ts:
 * initdb, every migration, as a PGlite tarball), unpacked into a new data folder, which the API's first start then
 * only seeds with the demo data instead of running initdb and every migration beside the journeys.
 *   - `npm test` builds it ahead, beside Jest's serial phase (src/prebuild.ts, `buildOwnApiTemplateAhead`), into a
 *     folder kept between runs (TEMPLATE_CACHE_DIR) with a stamp of what it is made from (the migrations, the builder,
 *     PGlite's version); global setup takes it when the stamp still matches, and then the composition's API starts
 *     from it too (its first start was ~30 s of global setup at load 3–6, alone on the journeys' critical path).
 *   - Otherwise global setup builds it in the background beside the composition's start, as before, and the composition's
 *     API makes its database itself; the drills that stop or pause an API of their own (api-down, api-paused,
 *     cards-demo-shops) wait for it (src/own-api.ts).
 * The product's first start on an empty folder is proven by the API suites (migrations.test.ts, security/data-dir.test.ts:
 * the real entry point on a new data folder), and by the composition's API whenever no prebuilt template is there.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORTS, E2E_STATE_DIR } from './env';

const REPO_ROOT = path.resolve(__dirname, '../..');
const TEMPLATE_DIR = path.join(E2E_STATE_DIR, 'own-api-template');
const TEMPLATE = path.join(TEMPLATE_DIR, 'migrated.tar');
/** The builder's exit code, written when it ends. */
const STATUS_FILE = path.join(TEMPLATE_DIR, 'status');
/** The template built ahead (src/prebuild.ts), kept between runs with its stamp; not inside E2E_STATE_DIR, which global setup empties. */
const TEMPLATE_CACHE_DIR = path.join(os.tmpdir(), `loyalty-e2e-${E2E_PORTS.shell}-api-template`);
const BUILDER = path.join('api', 'test', 'helpers', 'build-database-templates.ts');

/** What the template is made from: every migration, the builder and the migration runner, PGlite's version. */
function templateStamp(): string {
  const hash = crypto.createHash('sha256');
  const migrations = path.join(REPO_ROOT, 'api', 'migrations');
  for (const name of fs.readdirSync(migrations).sort()) hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  for (const file of [BUILDER, 'api/test/helpers/database-templates.ts', 'api/src/db/migrate.ts', 'api/src/db/pglite.ts']) hash.update(file).update(fs.readFileSync(path.join(REPO_ROOT, file)));
  hash.update(pgliteVersion());
  return hash.digest('hex');
}

/** The installed PGlite's version (its package.json is not among its exports: found from its entry upwards). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite', { paths: [path.join(REPO_ROOT, 'api')] }));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (manifest.name === '@electric-sql/pglite') return manifest.version;
  }
  throw new Error('@electric-sql/pglite: package.json not found');
}

const cachedTemplate = () => path.join(TEMPLATE_CACHE_DIR, 'migrated.tar');
const cacheStamp = () => path.join(TEMPLATE_CACHE_DIR, 'stamp');

/** The template built ahead, when its stamp matches the sources as they are now. */
function cachedTemplateIfCurrent(): string | null {
  try {
    return fs.readFileSync(cacheStamp(), 'utf8') === templateStamp() && fs.existsSync(cachedTemplate()) ? cachedTemplate() : null;
  } catch {
    return null;
  }
}

/** Keeps a template just built for the next runs (its stamp written last: a half-copied file is never taken). */
function keepInCache(template: string, stamp: string): void {
  fs.mkdirSync(TEMPLATE_CACHE_DIR, { recursive: true });
  fs.rmSync(cacheStamp(), { force: true });
  fs.copyFileSync(template, cachedTemplate());
  fs.writeFileSync(cacheStamp(), stamp);
}

/**
 * src/prebuild.ts (beside Jest's serial phase, at the lowest priority): builds the template into the kept folder
 * unless the one there is current. Throws when the builder fails (prebuild logs it; global setup then builds again).
 */
export function buildOwnApiTemplateAhead(): 'reused' | 'built' {
  const stamp = templateStamp();
  if (cachedTemplateIfCurrent()) return 'reused';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-api-template-build-'));
  try {
    execFileSync(process.execPath, ['--import', 'tsx', BUILDER, JSON.stringify({ pgliteDir: dir, postgres: null })], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    keepInCache(path.join(dir, 'migrated.tar'), stamp);
    return 'built';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Global setup (E2E_STATE_DIR made): the template built ahead when it is current, ready at once (answers true);
 * else starts the build in the background (answers false), kept for the next runs when it succeeds. `stop` stops
 * that build when the run ends first.
 */
export function startOwnApiTemplateBuild(): { ready: boolean; stop: () => void } {
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const ahead = cachedTemplateIfCurrent();
  if (ahead) {
    fs.copyFileSync(ahead, TEMPLATE);
    fs.writeFileSync(STATUS_FILE, '0');
    return { ready: true, stop: () => undefined };
  }
  const stamp = templateStamp();
  const request = JSON.stringify({ pgliteDir: TEMPLATE_DIR, postgres: null });
  // At a lower priority than the composition's start beside it (nice execs node: the child is the builder itself).
  const child = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', BUILDER, request], { cwd: REPO_ROOT, stdio: 'ignore' });
  const done = (code: number) => {
    try {
      if (code === 0) keepInCache(TEMPLATE, stamp);
    } catch {
      // only the next run's head start is lost
    }
    try {
      fs.writeFileSync(STATUS_FILE, String(code));
    } catch {
      // the state folder is gone (a new run's setup): nobody waits for it
    }
  };
  child.on('exit', (code) => done(code ?? 1));
  child.on('error', () => done(1));
  return {
    ready: false,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/**
 * Fills `dataDir` (new) with the migrated database once the build has ended; false when there is none (the build
 * failed, or no global setup started it): the API then makes its database itself, as a first start does.
 */
export async function fillWithOwnApiTemplate(dataDir: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(STATUS_FILE)) {
    if (!fs.existsSync(TEMPLATE_DIR) || Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (fs.readFileSync(STATUS_FILE, 'utf8') !== '0' || !fs.existsSync(TEMPLATE)) return false;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['-xf', TEMPLATE, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return true;
}
