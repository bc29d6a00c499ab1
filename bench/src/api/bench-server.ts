/** Starts bench/src/api/server.ts as a child process on PGlite or on a throw-away PostgreSQL database. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { stopOnExit } from '../cleanup';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const TSX_CLI = require.resolve('tsx/cli');

export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Name prefix of the bench's throw-away databases (BENCH_DATABASE_PREFIX, when a shared server keeps each user to their own names). */
export const DATABASE_PREFIX = databasePrefix();

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

function databasePrefix(): string {
  const prefix = process.env.BENCH_DATABASE_PREFIX?.trim() || 'bench';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX: "${prefix}" is not a lower-case SQL name`);
  return prefix;
}

export interface BenchServer {
  url: string;
  database: DatabaseKind;
  stop(): Promise<void>;
}

/** Runs `fn` on a connection to the PostgreSQL server as its admin (create and drop the bench's databases). */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Fresh database for every start: PGlite in a temporary folder (as `npm start` persists it), or `bench_<random>` (BENCH_DATABASE_PREFIX) on PostgreSQL. */
export async function startBenchServer(database: DatabaseKind, port: number, options: { scaleCards?: number } = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_PORT: String(port), DATA_DIR: dataDir, BENCH_SCALE_CARDS: String(options.scaleCards ?? 0) };
  delete env.DATABASE_URL;
  let dropDatabase = async () => undefined as void;
  if (database === 'PostgreSQL') {
    const name = `${DATABASE_PREFIX}_${crypto.randomBytes(5).toString('hex')}`;
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.JWT_SECRET = crypto.randomBytes(32).toString('hex');
    dropDatabase = () => withAdmin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  }
  const child: ChildProcess = spawn(process.execPath, [TSX_CLI, path.join('bench', 'src', 'api', 'server.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = stopOnExit(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    await dropDatabase().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench API on ${database} not ready in 180 s`)), 180_000);
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out = (out + chunk.toString()).slice(-10_000);
        if (out.includes('BENCH_READY')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`bench API on ${database} exited with ${code}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, database, stop };
}

/** Checks that PostgreSQL answers before a section depends on it. */
export async function postgresReachable(): Promise<string | null> {
  try {
    await withAdmin((c) => c.query('SELECT 1'));
    return null;
  } catch (error) {
    return `PostgreSQL non raggiungibile a ${POSTGRES_ADMIN_URL}: ${(error as Error).message}`;
  }
}
