/**
 * Lets a test stop and restart one frontend's static server of the composition started in global setup.
 * A composition server restarted here is detached from the test worker (Playwright replaces the worker
 * after a failed test, and the next tests still need the server); its pid replaces the old one in the
 * state file, so a later stop and the global teardown find it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import type { AppName } from '@loyalty/tools';
import { E2E_API_PORT, E2E_PORTS, E2E_RUNTIME_CONFIG, E2E_STATE_FILE } from './env';

const REPO_ROOT = path.resolve(__dirname, '../..');
interface State {
  pids: Record<string, number>;
  apiEnv: Record<string, string>;
}

function readState(): State {
  return JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8')) as State;
}

function readPids(): Record<string, number> {
  return readState().pids;
}

function writePid(name: string, pid: number): void {
  const state = readState();
  state.pids[name] = pid;
  fs.writeFileSync(E2E_STATE_FILE, JSON.stringify(state, null, 2));
}

async function apiAnswers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${E2E_API_PORT}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Stops the composition's API server (SIGTERM: it closes its database cleanly). */
export async function stopApi(): Promise<void> {
  try {
    process.kill(readPids().api, 'SIGTERM');
  } catch {
    // already stopped
  }
  await waitUntil(async () => !(await apiAnswers()), 20_000, 'api stops');
}

/** Starts the API again on the same data folder and port (no-op when it answers). */
export async function restartApi(): Promise<void> {
  if (await apiAnswers()) return;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('api', 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...readState().apiEnv, API_PORT: String(E2E_API_PORT) },
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
  if (child.pid) writePid('api', child.pid);
  await waitUntil(apiAnswers, 60_000, 'api restarts');
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout: ${what}`);
}

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://localhost:${port}/runtime-config.json`);
    return true;
  } catch {
    return false;
  }
}

export async function stopApp(name: AppName): Promise<void> {
  try {
    process.kill(readPids()[name], 'SIGTERM');
  } catch {
    // already stopped
  }
  await waitUntil(async () => !(await answers(E2E_PORTS[name])), 10_000, `${name} stops`);
}

function spawnServer(name: AppName, port: number, root?: string, detached = false): ChildProcess {
  const args = [require.resolve('tsx/cli'), path.join('tools', 'src', 'serve-app.ts'), name, '--port', String(port), ...(root ? ['--root', root] : [])];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, RUNTIME_CONFIG: E2E_RUNTIME_CONFIG, API_URL: `http://127.0.0.1:${E2E_API_PORT}`, PROXY_SECRET: readState().apiEnv.PROXY_SECRET },
    stdio: 'ignore',
    detached,
  });
  if (detached) child.unref();
  else process.once('exit', () => child.kill('SIGTERM'));
  return child;
}

/** Starts the app's server again (no-op when it is running). */
export async function restartApp(name: AppName): Promise<void> {
  if (await answers(E2E_PORTS[name])) return;
  const child = spawnServer(name, E2E_PORTS[name], undefined, true);
  if (child.pid) writePid(name, child.pid);
  await waitUntil(() => answers(E2E_PORTS[name]), 20_000, `${name} restarts`);
}

/** Publishes a build folder on a new origin, as a static host would. */
export async function serveFolder(name: AppName, root: string, port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawnServer(name, port, root);
  await waitUntil(() => answers(port), 20_000, `${name} served from ${root}`);
  return {
    origin: `http://localhost:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await waitUntil(async () => !(await answers(port)), 10_000, `${name}@${port} stops`);
    },
  };
}

/** Builds remote variants into their own folders (a child process: webpack runs outside the test worker). */
export function buildVariants(specs: { app: AppName; out: string; version?: string; faultyRender?: boolean; sharedOverrides?: Record<string, { version?: string; requiredVersion?: string }>; federationPlugin?: 'current' | 'previous-patch' }[]): void {
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join('e2e', 'src', 'build-variants.ts'), JSON.stringify(specs)], { cwd: REPO_ROOT, stdio: 'inherit' });
}

interface RuntimeConfig {
  remotes: Record<string, string>;
  [key: string]: unknown;
}

/** Re-points one remote in the run-time config file (atomic write): the next page load uses it. */
export function pointRemote(name: AppName, manifestUrl: string): void {
  const config = JSON.parse(fs.readFileSync(E2E_RUNTIME_CONFIG, 'utf8')) as RuntimeConfig;
  config.remotes[name] = manifestUrl;
  const tmp = `${E2E_RUNTIME_CONFIG}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(config, null, 2));
  fs.renameSync(tmp, E2E_RUNTIME_CONFIG);
}

/** Points the shell's composed public pages at another landing origin (atomic write); answers the previous one. */
export function pointLandingPages(origin: string): string {
  const config = JSON.parse(fs.readFileSync(E2E_RUNTIME_CONFIG, 'utf8')) as RuntimeConfig & { landingBaseUrl: string };
  const previous = config.landingBaseUrl;
  config.landingBaseUrl = origin;
  const tmp = `${E2E_RUNTIME_CONFIG}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(config, null, 2));
  fs.renameSync(tmp, E2E_RUNTIME_CONFIG);
  return previous;
}

export function remoteUrl(name: AppName): string {
  return (JSON.parse(fs.readFileSync(E2E_RUNTIME_CONFIG, 'utf8')) as RuntimeConfig).remotes[name];
}
