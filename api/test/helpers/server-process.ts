/** The real entry point (src/server.ts) in a child process, for the suites that test what it does at start. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';


export interface ServerProcess {
  port: number;
  baseUrl: string;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM (or `signal`), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * How long a server process has to listen. A first start on a new data folder makes the database (initdb, every
 * migration) in a process of its own: 10–20 s alone, over 45 s once on CI's two cores beside three Jest workers.
 * The same time the composition gives an API to answer its first health check (tools/src/composition.ts). A suite
 * that starts one sets its tests' timeout above it.
 */
export const SERVER_START_TIMEOUT_MS = 120_000;

/**
 * A port for a server process to listen on: below Linux's ephemeral range (32768–60999), which the kernel hands to
 * every outgoing connection (a PostgreSQL client's, a fetch's) and to every `listen(0)` of the other suites — a random
 * port in 20 000–40 000 once met one of those (EADDRINUSE in CI) — and free when asked (a bind, closed at once).
 */
export async function unusedPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 20000-31999');
}

/**
 * Starts the API with `env` on top of a clean environment (no database URL, no secrets from the caller's
 * shell) and waits until it listens.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = SERVER_START_TIMEOUT_MS): Promise<ServerProcess> {
  const port = await unusedPort();
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      API_PORT: String(port),
      LOG_LEVEL: 'info',
      WORKER_ENABLED: 'false',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Server listening')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
