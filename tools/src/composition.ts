/**
 * Starts the whole product from built frontends: the API and one static server per frontend, each on
 * its own port. Used by `npm start` and by the e2e suite, so both run exactly the same composition.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DRAIN_MS } from './api-pool';
import { APPS, type AppName } from './apps';
import { spawnTs, stopAll, waitForFreePorts, waitForHttp, type Managed } from './processes';
import { runtimeConfigFromEnv, writeRuntimeConfig, type RuntimeConfigFile } from './runtime-config';

export interface CompositionOptions {
  env: NodeJS.ProcessEnv;
  ports: Record<AppName, number>;
  apiPort: number;
  /**
   * How many API processes to start, on ports apiPort, apiPort+1, … (`API_INSTANCES`, see `apiInstancePlan`):
   * every static server's /api spreads over them. Default 1 (the e2e suite's composition).
   */
  apiInstances?: number;
  /**
   * The script each API process runs, from the repository root. Default `api/src/server.ts` (the product);
   * the bench passes its server, the same app plus a hello-world route for the ceiling.
   */
  apiEntry?: string;
  runtimeConfigFile: string;
  /** Folders to serve instead of each frontend's own dist/ (e.g. the bench's production builds). */
  roots?: Partial<Record<AppName, string>>;
  /** Echo the children's output (the API's logs) to this process. */
  verbose?: boolean;
  onSpawn?: (managed: Managed) => void;
  /** How long each part has to answer its health check at start (default: the API 120 s, a static server 60 s). */
  startTimeoutMs?: number;
}

export interface Composition {
  config: RuntimeConfigFile;
  /** Where the API wrote, at start, the demo accounts that exist (read it with `readDemoLogins`). */
  demoAccountsFile: string;
  processes: Map<string, Managed>;
  startApp(name: AppName, root?: string, port?: number): Promise<Managed>;
  /** Starts again the API instance of that name (`api`, `api-2`, …) that has stopped; resolves once it answers. */
  restartApi(name: string): Promise<Managed>;
  /** Starts again the static server of that frontend (stopped or not), with the same root and port. */
  restartApp(name: AppName): Promise<Managed>;
  stopApp(name: AppName): Promise<void>;
  stop(): Promise<void>;
}

export function portsEnv(ports: Record<AppName, number>, apiPort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { API_PORT: String(apiPort) };
  for (const app of APPS) env[app.portEnv] = String(ports[app.name]);
  return env;
}

export interface ApiInstancePlan {
  /** API processes to start. */
  count: number;
  /** Why fewer than asked for, in Italian, to print at start. */
  notice?: string;
}

/**
 * How many API processes a start runs for `requested` (`API_INSTANCES`). Several share one PostgreSQL
 * (`DATABASE_URL`); the embedded PGlite is a database inside one process, which a second process cannot
 * open, so without DATABASE_URL it stays one, and says so.
 */
export function apiInstancePlan(env: NodeJS.ProcessEnv, requested: number): ApiInstancePlan {
  if (requested <= 1) return { count: 1 };
  if (env.DATABASE_URL?.trim()) return { count: requested };
  return {
    count: 1,
    notice:
      `API_INSTANCES=${requested} ignorato: senza DATABASE_URL l'API usa PGlite, un database dentro un solo processo, ` +
      "quindi si avvia un'istanza sola. Per più istanze imposta DATABASE_URL (PostgreSQL).",
  };
}

/** The API's ports for `count` instances: apiPort, apiPort+1, … */
export function apiInstancePorts(apiPort: number, count: number): number[] {
  const ports = Array.from({ length: count }, (_, i) => apiPort + i);
  if (ports[ports.length - 1] > 65535) throw new Error(`API_INSTANCES=${count} from API_PORT=${apiPort} goes past port 65535`);
  return ports;
}

/** A fresh secret for the static servers' proxy, when the environment names none (`PROXY_SECRET`). */
export function generateProxySecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function startComposition(options: CompositionOptions): Promise<Composition> {
  const demoAccountsFile = path.join(path.dirname(options.runtimeConfigFile), 'demo-accounts.json');
  const apiPorts = apiInstancePorts(options.apiPort, options.apiInstances ?? 1);
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    ...portsEnv(options.ports, options.apiPort),
    RUNTIME_CONFIG: options.runtimeConfigFile,
    // the static servers' /api targets: every instance (tools/src/serve-app.ts reads the list)
    API_URL: apiPorts.map((port) => `http://127.0.0.1:${port}`).join(','),
    // The API believes X-Forwarded-For only from requests carrying this secret: the static servers' proxy
    // sends it, another local process cannot.
    PROXY_SECRET: options.env.PROXY_SECRET?.trim() || generateProxySecret(),
    DEMO_ACCOUNTS_FILE: demoAccountsFile,
  };
  const config = runtimeConfigFromEnv(env);
  // The links the API writes into messages (a card's page, the dashboard) point where the shell answers,
  // also when SHELL_PORT or PUBLIC_HOST move it.
  env.DASHBOARD_BASE_URL = options.env.DASHBOARD_BASE_URL || config.dashboardBaseUrl;
  writeRuntimeConfig(options.runtimeConfigFile, config);
  fs.rmSync(demoAccountsFile, { force: true }); // a previous run's list must not outlive it

  const processes = new Map<string, Managed>();
  const track = (managed: Managed) => {
    processes.set(managed.name, managed);
    options.onSpawn?.(managed);
    return managed;
  };

  const apiName = (index: number) => (index === 0 ? 'api' : `api-${index + 1}`);
  // Every port free first: a health check below must hear the server this call starts, not a previous run's.
  await waitForFreePorts({
    ...Object.fromEntries(apiPorts.map((port, index) => [apiName(index), port])),
    ...Object.fromEntries(APPS.map((app) => [app.name, options.ports[app.name]])),
  });

  // The first instance alone until it answers: it applies the migrations and creates the initial data; the
  // others then start together on the database it has made ready.
  // Several instances: a stopping one drains (answers «riavvio» with its socket open) longer than the proxy keeps
  // an idle connection, so the proxy has taken it out before it closes (tools/src/api-pool.ts, decision 055).
  const drainMs = options.env.SHUTDOWN_DRAIN_MS ? Number(options.env.SHUTDOWN_DRAIN_MS) : apiPorts.length > 1 ? DEFAULT_DRAIN_MS : 0;
  const startApi = async (port: number, index: number) => {
    const managed = track(spawnTs(apiName(index), options.apiEntry ?? path.join('api', 'src', 'server.ts'), [], { ...env, SHUTDOWN_DRAIN_MS: String(drainMs), API_PORT: String(port) }, { quiet: !options.verbose }));
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, options.startTimeoutMs ?? 120_000);
    return managed;
  };

  const startApp = async (name: AppName, root?: string, port?: number) => {
    const listenPort = port ?? options.ports[name];
    const args = [name, '--port', String(listenPort), ...(root ? ['--root', root] : [])];
    const managed = track(spawnTs(port ? `${name}@${port}` : name, path.join('tools', 'src', 'serve-app.ts'), args, env, { quiet: true }));
    await waitForHttp(`http://localhost:${listenPort}/runtime-config.json`, options.startTimeoutMs);
    return managed;
  };
  // Everything this composition started stops at once: no instance drains for the others.
  const stopEverything = async () => {
    await stopAll([...processes.values()], { signal: 'SIGINT' });
    processes.clear();
  };
  try {
    await startApi(apiPorts[0], 0);
    await Promise.all(apiPorts.slice(1).map((port, i) => startApi(port, i + 1)));
    await Promise.all(APPS.map((a) => startApp(a.name, options.roots?.[a.name])));
  } catch (error) {
    // A part that did not come up: what this call started stops with it, so no server is left holding a port
    // (the next run would find its port taken, see waitForFreePorts) or its data folder.
    await stopEverything();
    throw error;
  }

  return {
    config,
    demoAccountsFile,
    processes,
    startApp,
    async restartApi(name) {
      const index = apiPorts.findIndex((_, i) => apiName(i) === name);
      if (index < 0) throw new Error(`No API instance named ${name}`);
      const running = processes.get(name);
      // SIGTERM: it drains (when several run) before closing, as in a roll by hand
      if (running) await stopAll([running], { killAfterMs: 5000 + drainMs });
      return startApi(apiPorts[index], index);
    },
    async restartApp(name) {
      const running = processes.get(name);
      if (running) await stopAll([running]);
      return startApp(name, options.roots?.[name]);
    },
    async stopApp(name) {
      const managed = processes.get(name);
      if (!managed) return;
      await stopAll([managed]);
      processes.delete(name);
    },
    stop: stopEverything,
  };
}
