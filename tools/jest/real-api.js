'use strict';
/**
 * Jest globalSetup/globalTeardown for frontend packages whose tests talk to the real API:
 * starts the API (`api/test/serve-for-tests.ts`: the product's entry with the tests' cheap password hashing) on a fresh PGlite data folder with the demo seed, on a free port, and
 * exposes its address to the tests as process.env.TEST_API_URL (e.g. http://127.0.0.1:41234); the start goes on in
 * the background and each suite waits for it (real-api-ready.js).
 *
 * Jest runs a global hook module once per run even when several projects name it, so every frontend
 * package's suites share this one server and run side by side against it: a test makes its own
 * businesses and cards, and never assumes how many the demo accounts own at that moment.
 */
const { execFile, spawn } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

// TypeScript, compiled by the project's transform (Jest requires a global setup module through it).
const { pgliteTemplate } = require('../../api/test/helpers/database-templates');
const { unpackPGliteTemplate } = require('../../api/test/helpers/pglite-templates');

const REPO_ROOT = path.resolve(__dirname, '../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API did not start within ${timeoutMs / 1000} s`);
}

/**
 * Apple Wallet with the development certificates (`npm run wallet:dev-certs` into the data folder),
 * so the dashboard's wallet status and "Invia link wallet" meet a configured wallet. Only Apple's variables:
 * Google Wallet would call Google's API. APNs points at a closed local port (no device ever registers here).
 */
async function appleWalletEnv(dataDir) {
  const { stdout: out } = await promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), path.join('api', 'src', 'wallet', 'dev-certs-cli.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  const env = { WALLET_APNS_HOST: 'https://127.0.0.1:9' };
  for (const [, name, value] of out.matchAll(/^(WALLET_APPLE_[A-Z_]+)=(.+)$/gm)) env[name] = value;
  return env;
}

/**
 * The run's migrated PGlite database (as api/test/helpers/database-templates.ts's `fillWithMigratedDatabase` does)
 * into the API's new data folder, when the API project's global setup made it before this one: Jest runs the
 * global setups in the order of their projects' first suites, and tools/jest/sequencer.js puts an API suite first.
 * The API then opens a migrated database and only seeds the demo data, instead of running initdb and every
 * migration while no suite may start yet (17–19 s against 11 s for this setup, measured side by side at load 6–7).
 * The first start is what api/test/migrations.test.ts and security/data-dir.test.ts prove, not the screens. Without
 * the template (one frontend package run alone) the API makes its database itself, as before.
 */
function fillWithMigratedDatabase(dataDir) {
  const template = pgliteTemplate('migrated');
  if (!template || !fs.existsSync(template)) return false;
  unpackPGliteTemplate(template, dataDir);
  return true;
}

/**
 * Picks the port and starts the API in the background: Jest's workers start at once (the API suites, first in
 * Jest's order, do not need it) while it starts and seeds the demo data, ~11 s alone with nothing else to run; each
 * suite of a package with `realApi` waits for its health check first (tools/jest/real-api-ready.js, which reports
 * the API's output when it did not start).
 */
async function setup() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-jest-api-'));
  const url = `http://127.0.0.1:${port}`;
  const failureFile = path.join(dataDir, 'start-failure.txt');
  process.env.TEST_API_URL = url;
  process.env.TEST_API_START_FAILURE = failureFile;
  const state = { child: null, dataDir, started: null };
  globalThis.__LOYALTY_TEST_API__ = state;
  state.started = start(port, dataDir, url, state).catch((err) => {
    // Read by every suite's wait (real-api-ready.js): they fail with it instead of waiting out their timeout.
    fs.writeFileSync(failureFile, err.message);
    state.child?.kill('SIGKILL');
  });
}

async function start(port, dataDir, url, state) {
  // The certificates go to their own folder in it (wallet-dev/): both at once (their process starts first, then
  // the database is unpacked, synchronously, while it runs).
  const [, wallet] = await Promise.all([Promise.resolve().then(() => fillWithMigratedDatabase(dataDir)), appleWalletEnv(dataDir)]);
  let output = '';
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join('api', 'test', 'serve-for-tests.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn',
      // Every test logs in from 127.0.0.1 with the demo accounts: the per-IP, per-user and per-business limits
      // (tested in the API suite) would throttle the run.
      LOGIN_RATE_LIMIT: '10000', SIGNUP_RATE_LIMIT: '10000',
      CONNECTION_TEST_RATE_LIMIT: '10000', SINGLE_MESSAGE_RATE_LIMIT: '10000', CAMPAIGN_SEND_RATE_LIMIT: '10000',
      PASSWORD_HASH_QUEUE: '10000', PASSWORD_HASH_QUEUE_PER_IP: '10000',
      // The screens' tests watch campaigns leave at any hour of CI's day (decision 082).
      QUIET_HOURS: 'false', ...wallet },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  state.child = child;
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitForHealth(url, child, 60_000);
  } catch (err) {
    throw new Error(`the real API for the frontends' tests: ${err.message}\n${output}`);
  }
}

async function teardown() {
  const state = globalThis.__LOYALTY_TEST_API__;
  if (!state) return;
  await state.started;
  if (state.child && state.child.exitCode === null) {
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        state.child.kill('SIGKILL');
        resolve();
      }, 5000);
      state.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      state.child.kill('SIGTERM');
    });
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}

module.exports = { setup, teardown };
