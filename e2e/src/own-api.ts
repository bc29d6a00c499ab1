/**
 * An API of a drill's own, behind a composition of its own (src/own-composition.ts): the composition's API entry
 * and settings on a port and an embedded database of its own (migrated by global setup's background build,
 * src/own-api-template.ts; demo data seeded at its first start), so the drills that pause or stop the API
 * (api-down.spec.ts, api-paused.spec.ts) run beside the journeys, which keep the shared API answering (decision 062).
 *
 * It runs as a child of the test worker. Its pid is also written to its folder (`api.pid`), which the global
 * teardown reads: a worker Playwright replaces after a failed test leaves no API behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { API_ENTRY, E2E_STATE_DIR, E2E_STATE_FILE } from './env';
import { fillWithOwnApiTemplate } from './own-api-template';
import { ownApiPort, ownRuntimeConfigFile, ownShellUrl, startOwnComposition, type OwnComposition } from './own-composition';

const REPO_ROOT = path.resolve(__dirname, '../..');

export interface OwnApi {
  /** `http://127.0.0.1:<port>`: what the drill's own calls and logins go to. */
  url: string;
  /** SIGSTOP: its port still takes connections, nothing answers — the server that hangs, not the one that is gone. */
  pause(): void;
  /** SIGCONT: it answers what waited meanwhile (nothing when it is not running). */
  resume(): void;
  /** SIGTERM (it closes its database cleanly), then waits until its process has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same database and port (nothing when it answers), until the composition's shell passes /api to it. */
  restart(): Promise<void>;
  /** Stops it for good (the drill's end): SIGKILL, its database being thrown away. */
  close(): Promise<void>;
}

/** The folder of a drill's own API: its database, secrets, demo accounts' list and pid. */
const ownApiDir = (label: string) => path.join(E2E_STATE_DIR, `own-${label}`, 'api');

/** The pids of the drills' own APIs still written down (the global teardown stops them). */
export function ownApiPids(): number[] {
  if (!fs.existsSync(E2E_STATE_DIR)) return [];
  return fs
    .readdirSync(E2E_STATE_DIR)
    .map((entry) => path.join(E2E_STATE_DIR, entry, 'api', 'api.pid'))
    .filter((file) => fs.existsSync(file))
    .map((file) => Number(fs.readFileSync(file, 'utf8')));
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout: ${what}`);
}

/**
 * Starts the API for the composition `label` whose shell is `shellUrl`, on `port`, on a new database, and waits
 * until it answers through that shell's /api (the static server's pool takes an instance only after its own
 * health check: a page's first request must not meet «Errore di connessione»).
 */
export async function startOwnApi(label: string, port: number, shellUrl: string): Promise<OwnApi> {
  const dir = ownApiDir(label);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, 'api.pid');
  // The shared API's settings (rate limits, the mailbox, the proxy secret, the wallets), with this composition's
  // addresses and a database of its own.
  const { apiEnv } = JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8')) as { apiEnv: Record<string, string> };
  const env = {
    ...process.env,
    ...apiEnv,
    API_PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    DASHBOARD_BASE_URL: shellUrl,
    RUNTIME_CONFIG: ownRuntimeConfigFile(label),
    DEMO_ACCOUNTS_FILE: path.join(dir, 'demo-accounts.json'),
  };
  const url = `http://127.0.0.1:${port}`;
  let child: { process: ChildProcess; exited: Promise<void> } | null = null;

  const start = async (timeoutMs: number) => {
    if (await answers(url)) return;
    const started = spawn(process.execPath, ['--import', 'tsx', API_ENTRY], { cwd: REPO_ROOT, env, stdio: 'ignore' });
    child = { process: started, exited: new Promise((resolve) => started.once('exit', () => resolve())) };
    fs.writeFileSync(pidFile, String(started.pid));
    await waitUntil(async () => started.exitCode === null && (await answers(url)), timeoutMs, `${label}: the API answers`);
    await waitUntil(() => answers(shellUrl), 30_000, `${label}: the API answers through the shell`);
  };
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child?.process.pid && child.process.exitCode === null) process.kill(child.process.pid, name);
    } catch {
      // not running
    }
  };
  // Until the process has exited: a start on the same database must not meet the previous one still closing it.
  const stop = async (how: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const stopping = child;
    signal('SIGCONT');
    signal(how);
    if (stopping) {
      const timer = setTimeout(() => stopping.process.kill('SIGKILL'), 20_000);
      await stopping.exited;
      clearTimeout(timer);
    }
    child = null;
  };

  // The first start opens the migrated database global setup built meanwhile and seeds the demo data
  // (src/own-api-template.ts); without it, it makes its database (initdb, every migration) beside the journeys.
  await fillWithOwnApiTemplate(env.DATA_DIR);
  await start(120_000);
  return {
    url,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    stop: () => stop(),
    restart: () => start(60_000),
    async close() {
      // The drill's end: its database is thrown away (the next run's global setup empties the state folder), so it
      // need not close cleanly — a clean close took ~4 s after a journey's writes; the clean stop is stop()'s, above.
      await stop('SIGKILL');
      fs.rmSync(pidFile, { force: true });
    },
  };
}

/**
 * A spec file's composition and API of their own, at `offset` of OWN_COMPOSITIONS: its pages open on that
 * composition's shell (`baseURL`); both start before its first test and stop after its last; after each test the
 * API answers again (resumed, or started again). Answers the API, once started.
 */
export function useOwnApi(label: string, offset: number): () => OwnApi {
  let composition: OwnComposition | undefined;
  let api: OwnApi | undefined;
  test.use({ baseURL: ownShellUrl(offset) });
  test.beforeAll(async () => {
    // The API's first start makes its database beside the journeys.
    test.setTimeout(180_000);
    composition = await startOwnComposition(label, offset, { apiPort: ownApiPort(offset) });
    api = await startOwnApi(label, ownApiPort(offset), composition.shellUrl);
  });
  test.afterEach(async () => {
    api?.resume();
    await api?.restart();
  });
  test.afterAll(async () => {
    await api?.close();
    await composition?.stop();
  });
  return () => {
    if (!api) throw new Error(`${label}: the API of its own has not started`);
    return api;
  };
}
