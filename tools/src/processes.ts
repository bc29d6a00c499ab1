/** Child processes for `npm start`, `npm run dev` and the e2e suite: started together, stopped together. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { APPS, REPO_ROOT } from './apps';

export interface Managed {
  name: string;
  child: ChildProcess;
}

/**
 * Runs a TypeScript entry with tsx, prefixing its output with the part's name. `quiet`: the child's stdout is not
 * echoed (its stderr always is: errors, the /api pool's changes). `via`: a command that runs Node in turn and
 * replaces itself with it (`ip netns exec <namespace>`), so that the child is still Node itself.
 */
export function spawnTs(name: string, script: string, args: string[], env: NodeJS.ProcessEnv, opts: { quiet?: boolean; via?: string[] } = {}): Managed {
  // Node runs the script itself (tsx as a loader), so a signal reaches the app's own handlers: the tsx CLI
  // relays it and kills the child if the app has not acknowledged within 30 ms (a loaded machine misses that).
  const command = [...(opts.via ?? []), process.execPath, '--import', 'tsx', script, ...args];
  const child = spawn(command[0], command.slice(1), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}]`.padEnd(12);
  const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (!opts.quiet || out === process.stderr) for (const line of lines) out.write(`${prefix} ${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return { name, child };
}

/** Whether something takes connections on 127.0.0.1:`port`. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits until nothing takes connections on these ports (named by what will listen there), else fails naming the
 * ones still taken. A previous run's servers may still be closing (an API answers for up to its shutdown grace
 * after SIGTERM); without this wait the health check that follows a start took such a server's answer for the new
 * one's, and a run went on against a stale API whose data folder was gone (HTTP 500 on every write).
 */
export async function waitForFreePorts(ports: Record<string, number>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const taken: string[] = [];
    for (const [name, port] of Object.entries(ports)) if (await portTaken(port)) taken.push(`${name} ${port}`);
    if (taken.length === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `Porte già in uso dopo ${Math.round(timeoutMs / 1000)} s di attesa: ${taken.join(', ')}. Un'altra istanza del prodotto (o una che si sta ` +
          `chiudendo) è ancora attiva: fermala, oppure scegli altre porte (${['API_PORT', ...APPS.map((app) => app.portEnv)].join(', ')}).`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Whether a process with this id still runs (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (${lastError})`);
}

export interface StopOptions {
  /**
   * SIGTERM (default): an API instance among several drains first (`SHUTDOWN_DRAIN_MS`, a rolling restart);
   * SIGINT: it closes at once (everything is stopping, as on Ctrl-C).
   */
  signal?: 'SIGTERM' | 'SIGINT';
  /** SIGKILL after this long (default 5 000 ms; a draining API instance needs its drain on top). */
  killAfterMs?: number;
}

export function stopAll(processes: Managed[], { signal = 'SIGTERM', killAfterMs = 5000 }: StopOptions = {}): Promise<void> {
  return Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill(signal);
        }),
    ),
  ).then(() => undefined);
}

/** Stops every child on Ctrl-C / SIGTERM, and everything if one of them dies. */
export function createSupervisor() {
  const processes: Managed[] = [];
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nArresto in corso…');
    // SIGINT: everything stops, so no API instance drains for the others (there are none left to answer)
    void stopAll(processes, { signal: 'SIGINT' }).then(() => process.exit(code));
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  return {
    /**
     * Watches a child: its unexpected exit stops everything, unless `onExit` takes care of it (`npm start` starts
     * it again, tools/src/restart-policy.ts); `onExit` returning false stops everything too.
     */
    add(managed: Managed, onExit?: (how: string) => Promise<boolean>): Managed {
      processes.push(managed);
      managed.child.once('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ?? `exit ${code}`;
        const index = processes.indexOf(managed);
        if (index >= 0) processes.splice(index, 1);
        if (onExit) {
          void onExit(how).then((handled) => {
            if (!handled) shutdown(1);
          });
          return;
        }
        console.error(`${managed.name} si è fermato inaspettatamente (${how}); arresto di tutto.`);
        shutdown(1);
      });
      return managed;
    },
    get stopping() {
      return stopping;
    },
    shutdown,
  };
}
