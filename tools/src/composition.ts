/**
 * Starts the whole product from built frontends: the API and one static server per frontend, each on
 * its own port. Used by `npm start` and by the e2e suite, so both run exactly the same composition.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, type AppName } from './apps';
import { spawnTs, stopAll, waitForHttp, type Managed } from './processes';
import { runtimeConfigFromEnv, writeRuntimeConfig, type RuntimeConfigFile } from './runtime-config';

export interface CompositionOptions {
  env: NodeJS.ProcessEnv;
  ports: Record<AppName, number>;
  apiPort: number;
  runtimeConfigFile: string;
  /** Folders to serve instead of each frontend's own dist/ (e.g. the bench's production builds). */
  roots?: Partial<Record<AppName, string>>;
  /** Echo the children's output (the API's logs) to this process. */
  verbose?: boolean;
  onSpawn?: (managed: Managed) => void;
}

export interface Composition {
  config: RuntimeConfigFile;
  /** Where the API wrote, at start, the demo accounts that exist (read it with `readDemoLogins`). */
  demoAccountsFile: string;
  processes: Map<string, Managed>;
  startApp(name: AppName, root?: string, port?: number): Promise<Managed>;
  stopApp(name: AppName): Promise<void>;
  stop(): Promise<void>;
}

export function portsEnv(ports: Record<AppName, number>, apiPort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { API_PORT: String(apiPort) };
  for (const app of APPS) env[app.portEnv] = String(ports[app.name]);
  return env;
}

/** A fresh secret for the static servers' proxy, when the environment names none (`PROXY_SECRET`). */
export function generateProxySecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function startComposition(options: CompositionOptions): Promise<Composition> {
  const demoAccountsFile = path.join(path.dirname(options.runtimeConfigFile), 'demo-accounts.json');
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    ...portsEnv(options.ports, options.apiPort),
    RUNTIME_CONFIG: options.runtimeConfigFile,
    API_URL: `http://127.0.0.1:${options.apiPort}`,
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

  track(spawnTs('api', path.join('api', 'src', 'server.ts'), [], env, { quiet: !options.verbose }));
  await waitForHttp(`http://127.0.0.1:${options.apiPort}/api/health`, 120_000);

  const startApp = async (name: AppName, root?: string, port?: number) => {
    const listenPort = port ?? options.ports[name];
    const args = [name, '--port', String(listenPort), ...(root ? ['--root', root] : [])];
    const managed = track(spawnTs(port ? `${name}@${port}` : name, path.join('tools', 'src', 'serve-app.ts'), args, env, { quiet: true }));
    await waitForHttp(`http://localhost:${listenPort}/runtime-config.json`);
    return managed;
  };
  await Promise.all(APPS.map((a) => startApp(a.name, options.roots?.[a.name])));

  return {
    config,
    demoAccountsFile,
    processes,
    startApp,
    async stopApp(name) {
      const managed = processes.get(name);
      if (!managed) return;
      await stopAll([managed]);
      processes.delete(name);
    },
    async stop() {
      await stopAll([...processes.values()]);
      processes.clear();
    },
  };
}
