/**
 * The real entry point (src/server.ts) in a child process: it starts on an embedded database, answers, and on
 * SIGTERM closes (worker, database) and exits with code 0, after answering the requests in flight
 * (close-with-grace, decision 031). The database is the run's migrated one: the first start on an empty folder is
 * test/security/data-dir.test.ts's (the real entry point, both databases) and test/migrations.test.ts's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_CLOSING_HEADER } from '../src/closing';
import { REPO_ROOT } from '../src/config';
import { MESSAGES } from '../src/messages';
import { fillWithMigratedDatabase } from './helpers/database-templates';
import { SERVER_START_TIMEOUT_MS, startServerProcess, unusedPort } from './helpers/server-process';

// Every test here starts the real server in a process of its own.
jest.setTimeout(SERVER_START_TIMEOUT_MS + 60_000);

/** Polls `what` every 50 ms for up to 15 s; the failure shows the server's output. */
function waitForOn(output: () => string) {
  return async (what: () => boolean | Promise<boolean>, label: string) => {
    const deadline = Date.now() + 15_000;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error(`${label} did not happen:\n${output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

describe('server process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-api-server-test-'));
    fillWithMigratedDatabase(dataDir);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('shuts down gracefully on SIGTERM', async () => {
    const port = await unusedPort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, API_PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', DATABASE_URL: '', JWT_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // Without the run's template (this file run without the API's global setup) this is a first start, where the
      // database is made in this process: SERVER_START_TIMEOUT_MS says how long that may take.
      const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
      while (!output.includes('Server listening')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
      expect(output).not.toContain('shutdown timed out');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('on SIGTERM stops taking connections, answers the request in flight (database and worker still open), then exits 0', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', WORKER_ENABLED: 'true' });
    const waitFor = waitForOn(server.output);
    try {
      // A login whose body is only half sent: the request is in the server, its handler not yet run.
      const body = JSON.stringify({ email: 'nessuno@example.it', password: 'password-sbagliata' });
      const request = http.request(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        request.on('error', reject);
      });
      request.write(body.slice(0, 10));
      await waitFor(() => server.output().includes('"url":"/api/auth/login"'), 'the login request reaching the server');

      const exit = server.stop();
      await waitFor(() => server.output().includes('shutting down'), 'the shutdown');
      // No new connection is taken once closing has begun.
      await waitFor(
        () =>
          fetch(`${server.baseUrl}/api/health`).then(
            () => false,
            (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
          ),
        'refusing new connections',
      );

      // The rest of the body: the login runs to the end — the attempt is counted in the database, the
      // password checked — and answers as usual.
      request.end(body.slice(10));
      expect(await answer).toEqual({ status: 401, body: JSON.stringify({ error: MESSAGES.invalidCredentials }) });
      expect(await exit).toBe(0);
      const output = server.output();
      expect(output).not.toContain('shutdown timed out');
      expect(output).not.toContain('error while shutting down');
      expect(output.indexOf('"statusCode":401')).toBeGreaterThan(output.indexOf('shutting down'));
    } finally {
      await server.stop();
    }
  });

  it('with SHUTDOWN_DRAIN_MS, on SIGTERM keeps its socket open for that long, answering «riavvio» to its health check first and then to everything, then exits 0; on SIGINT closes at once', async () => {
    const drainMs = 3000;
    const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', SHUTDOWN_DRAIN_MS: String(drainMs) });
    try {
      const exit = server.stop('SIGTERM');
      const signalled = Date.now();
      // First (decision 081) the health check alone answers «riavvio», so that a load balancer takes the instance
      // out while every other request is still served.
      await waitForOn(server.output)(() => server.output().includes('leaving: /api/health'), 'the drain to begin');
      const [health, other] = await Promise.all([fetch(`${server.baseUrl}/api/health`), fetch(`${server.baseUrl}/api/auth/me`)]);
      expect([health.status, health.headers.get(API_CLOSING_HEADER), await health.json()]).toEqual([503, '1', { error: MESSAGES.restarting }]);
      expect([other.status, other.headers.get(API_CLOSING_HEADER)]).toEqual([401, null]);
      // The signal reaches the process asynchronously: a request sent before it has been handled is answered
      // as usual (a CI run saw one 200). Ask only once the drain has begun.
      await waitForOn(server.output)(() => server.output().includes('draining before closing'), 'the drain to begin');
      const drainSeen = Date.now();
      const during: { status: number; closing: string | null; body: unknown }[] = [];
      while (Date.now() - drainSeen < drainMs / 2) {
        const answer = await fetch(`${server.baseUrl}/api/health`);
        during.push({ status: answer.status, closing: answer.headers.get(API_CLOSING_HEADER), body: await answer.json() });
        await new Promise((r) => setTimeout(r, 100));
      }
      // Every request during the drain, on new connections too: the «riavvio» 503 the proxy sends elsewhere.
      expect(during.length).toBeGreaterThan(2);
      expect(new Set(during.map((d) => JSON.stringify(d)))).toEqual(new Set([JSON.stringify({ status: 503, closing: '1', body: { error: MESSAGES.restarting } })]));
      expect(await exit).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainMs);
      expect(server.output()).toContain('draining before closing');
    } finally {
      await server.stop();
    }

    const again = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', SHUTDOWN_DRAIN_MS: String(drainMs) });
    try {
      expect(await again.stop('SIGINT')).toBe(0);
      expect(again.output()).toContain('shutting down');
      expect(again.output()).not.toContain('draining before closing');
    } finally {
      await again.stop();
    }
  });
});
