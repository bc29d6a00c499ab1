/**
 * The real entry point (src/server.ts) in a child process: it starts on an empty embedded database,
 * answers, and on SIGTERM closes (worker, database) and exits with code 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

describe('server process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-api-server-test-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('shuts down gracefully on SIGTERM', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(TSX, [path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
      env: { ...process.env, API_PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', DATABASE_URL: '', JWT_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 45_000;
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
});
