/**
 * Lets a test stop and restart the API of the composition started in global setup (api-down.spec.ts, which
 * runs alone). The restarted API is detached from the test worker (Playwright replaces the worker after a
 * failed test, and the next tests still need the API); its pid replaces the old one in the state file, so a
 * later stop and the global teardown find it. A drill that stops or re-points a frontend's server does it on a
 * composition of its own (src/own-composition.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { API_ENTRY, E2E_API_PORT, E2E_STATE_FILE, SHELL_URL } from './env';

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

/**
 * The API answers through the shell's same-origin /api (the pool of tools/src/api-pool.ts), which is what the pages
 * call: the pool takes an instance back only after its own health check, a moment after the API itself answers.
 */
async function apiAnswersThroughShell(): Promise<boolean> {
  try {
    return (await fetch(`${SHELL_URL}/api/health`)).ok;
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

/**
 * Pauses the composition's API (SIGSTOP): its port still takes connections, nothing answers — the server that
 * hangs, not the one that is gone. `resumeApi` (SIGCONT) lets it answer what waited meanwhile.
 */
export function pauseApi(): void {
  process.kill(readPids().api, 'SIGSTOP');
}

export function resumeApi(): void {
  try {
    process.kill(readPids().api, 'SIGCONT');
  } catch {
    // not running: restartApi starts it
  }
}

/** Starts the API again on the same data folder and port (no-op when it answers). */
export async function restartApi(): Promise<void> {
  if (await apiAnswers()) return;
  const child = spawn(process.execPath, ['--import', 'tsx', API_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...readState().apiEnv, API_PORT: String(E2E_API_PORT) },
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
  if (child.pid) writePid('api', child.pid);
  await waitUntil(apiAnswers, 60_000, 'api restarts');
  // A page's next request goes through the shell's /api: CI's run saw a login sent right after the restart answered
  // «Errore di connessione» by the pool that had not taken the API back yet.
  await waitUntil(apiAnswersThroughShell, 30_000, 'api answers through the shell');
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout: ${what}`);
}
