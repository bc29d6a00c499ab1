/**
 * Builds the six frontends in production mode and starts the real composition (API on a fresh PGlite
 * data folder with the demo seed, from the kept migrated template when Jest or src/prebuild.ts kept it; one static server
 * per frontend on its own port); then starts the build of
 * the delivery drills' remote variants in the background (src/variants.ts), while the journeys run.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { APPS, buildApps, startComposition, type Composition } from '@loyalty/tools';
import { API_ENTRY, E2E_API_PORT, E2E_PORTS, E2E_RUNTIME_CONFIG, E2E_STATE_DIR, E2E_STATE_FILE } from './env';
import { startMailbox, type Mailbox } from './mailbox';
import { ownApiPids } from './own-api';
import { fillWithOwnApiTemplate, startOwnApiTemplateBuild } from './own-api-template';
import { prebuildDone, startVariantBuild } from './variants';

let composition: Composition | undefined;
let mailbox: Mailbox | undefined;

/**
 * The wallets (decisions 041, 042): Apple Wallet and Google Wallet with the development certificates and service
 * account (`npm run wallet:dev-certs`'s script, into the state folder), for wallet.spec.ts. APNs and Google's
 * REST API point at a closed local port: nothing leaves the machine (the syncs fail soft and retry). The other
 * journeys assert nothing about wallet buttons.
 */
async function walletEnv(stateDir: string): Promise<Record<string, string>> {
  const root = path.resolve(__dirname, '../..');
  const { stdout: out } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join('api', 'src', 'wallet', 'dev-certs-cli.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: stateDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  const env: Record<string, string> = { WALLET_APNS_HOST: 'https://127.0.0.1:9', WALLET_GOOGLE_API_URL: 'http://127.0.0.1:9' };
  for (const [, name, value] of out.matchAll(/^(WALLET_(?:APPLE|GOOGLE)_[A-Z_]+)=(.+)$/gm)) env[name] = value;
  return env;
}

export default async function globalSetup() {
  await prebuildDone();
  if (process.env.E2E_SKIP_BUILD !== '1') await buildApps(APPS, { mode: 'production' }, { reuse: true });
  fs.rmSync(E2E_STATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_STATE_DIR, { recursive: true });
  const dataDir = path.join(E2E_STATE_DIR, 'pglite');
  // The migrated database the APIs start from (src/own-api-template.ts): kept by the API suites or src/prebuild.ts, the
  // composition's API starts from it too and only seeds the demo data; else it is built meanwhile for the drills'
  // own APIs, and the composition's API makes its database itself (a first start).
  const template = startOwnApiTemplateBuild();
  const stopTemplateBuild = template.stop;
  // The wallets' certificates (a tsx process, 1.5–4 s here) while the rest of this is made.
  // (Its failure is held, not left unhandled while the rest is awaited, and thrown below.)
  const wallet = walletEnv(E2E_STATE_DIR).then(
    (env) => ({ env }),
    (error: Error) => ({ error }),
  );
  if (template.ready) await fillWithOwnApiTemplate(dataDir);
  // Decision 058: a shop on the SMTP driver delivers here; journeys read a customer's link from src/mailbox.ts.
  mailbox = await startMailbox();
  const walletSettings = await wallet;
  if ('error' in walletSettings) {
    stopTemplateBuild();
    await mailbox.stop();
    throw walletSettings.error;
  }
  // Every journey logs in and signs up from 127.0.0.1 with the demo accounts: the per-IP, per-user and
  // per-business limits (tested in the API suite) would throttle the run.
  // PROXY_SECRET is kept with them: a drill's own API or static servers (src/own-api.ts, src/own-composition.ts) share it.
  const apiEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The journeys log in with the demo accounts: they work only in a local try-out (loopback, not production).
    NODE_ENV: 'development',
    LOGIN_RATE_LIMIT: '10000',
    SIGNUP_RATE_LIMIT: '10000',
    CONNECTION_TEST_RATE_LIMIT: '10000',
    SINGLE_MESSAGE_RATE_LIMIT: '10000',
    CAMPAIGN_SEND_RATE_LIMIT: '10000',
    PASSWORD_HASH_QUEUE: '10000',
    PASSWORD_HASH_QUEUE_PER_IP: '10000',
    PROXY_SECRET: crypto.randomBytes(32).toString('base64url'),
    SMTP_URL: mailbox.url,
    // The journeys run at any hour of CI's day: a campaign or bonus sent at 21:00 must leave, not wait for 09:00
    // (decision 082). The hold itself is proven by the API's tests, under a clock they control.
    QUIET_HOURS: 'false',
    ...walletSettings.env,
  };
  try {
    composition = await startComposition({
      env: { ...process.env, ...apiEnv },
      ports: E2E_PORTS,
      apiPort: E2E_API_PORT,
      runtimeConfigFile: E2E_RUNTIME_CONFIG,
      apiEntry: API_ENTRY,
      verbose: process.env.E2E_VERBOSE === '1',
    });
  } catch (error) {
    // Playwright runs no teardown for a setup that threw: the mailbox and the build this setup started stop here.
    stopTemplateBuild();
    await mailbox.stop();
    throw error;
  }
  // What a drill's own API (src/own-api.ts) starts with: the API's settings, those the composition adds with them
  // (the links it writes, the run-time configuration it reads), which the drill then points at its own composition.
  const apiSettings = {
    ...apiEnv,
    DASHBOARD_BASE_URL: composition.config.dashboardBaseUrl,
    RUNTIME_CONFIG: E2E_RUNTIME_CONFIG,
    DEMO_ACCOUNTS_FILE: composition.demoAccountsFile,
  };
  fs.writeFileSync(E2E_STATE_FILE, JSON.stringify({ apiEnv: apiSettings }, null, 2));
  const stopVariantBuild = startVariantBuild();
  return async () => {
    stopVariantBuild();
    stopTemplateBuild();
    await composition?.stop();
    await mailbox?.stop();
    // The drills' own APIs a worker left behind (replaced after a failed test): stop them too.
    for (const pid of ownApiPids()) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already stopped
      }
    }
  };
}
