/**
 * The migrated database a drill's own API (src/own-api.ts) starts from: global setup starts building it (the API
 * suites' builder, api/test/helpers/build-database-templates.ts: initdb, every migration, as a PGlite tarball) in the
 * background beside the composition's start, and the drills that stop or pause an API of their own (api-down,
 * api-paused) unpack it into their API's new data folder, which then only seeds the demo data instead of running
 * initdb and every migration in its first start beside the journeys. The product's first start stays proven by the
 * composition's own API and by the API suites (migrations.test.ts, security/data-dir.test.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_STATE_DIR } from './env';

const REPO_ROOT = path.resolve(__dirname, '../..');
const TEMPLATE_DIR = path.join(E2E_STATE_DIR, 'own-api-template');
const TEMPLATE = path.join(TEMPLATE_DIR, 'migrated.tar');
/** The builder's exit code, written when it ends. */
const STATUS_FILE = path.join(TEMPLATE_DIR, 'status');

/** Global setup: starts the build (E2E_STATE_DIR made); answers how to stop it when the run ends first. */
export function startOwnApiTemplateBuild(): () => void {
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const request = JSON.stringify({ pgliteDir: TEMPLATE_DIR, postgres: null });
  // At a lower priority than the composition's start beside it (nice execs node: the child is the builder itself).
  const builder = path.join('api', 'test', 'helpers', 'build-database-templates.ts');
  const child = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', builder, request], { cwd: REPO_ROOT, stdio: 'ignore' });
  const done = (code: number) => {
    try {
      fs.writeFileSync(STATUS_FILE, String(code));
    } catch {
      // the state folder is gone (a new run's setup): nobody waits for it
    }
  };
  child.on('exit', (code) => done(code ?? 1));
  child.on('error', () => done(1));
  return () => {
    if (child.exitCode === null) child.kill('SIGTERM');
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
