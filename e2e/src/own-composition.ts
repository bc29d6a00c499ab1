/**
 * A composition of a drill's own: the same six builds as the shared composition, each served by a static
 * server of its own on its own port, all reading one run-time configuration file of their own, in front of
 * the shared API. A drill that re-points a remote, stops one, or puts a faulty origin in the configuration
 * does it here, so the journeys running beside it on the shared composition never see it (decision 062). A drill
 * that pauses or stops the API puts an API of its own behind it (`apiPort`, src/own-api.ts).
 *
 * The servers run inside the test worker (the tools' static server, as `serve-app` runs it): started in a
 * few milliseconds, and gone with the worker if it is replaced after a failed test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APPS, appByName, createStaticServer, distDir, readRuntimeConfig, writeRuntimeConfig, type AppName, type RemoteAppName, type RuntimeConfigFile } from '@loyalty/tools';
import { CHROMIUM_UNSAFE_PORTS, E2E_API_PORT, E2E_PORTS, E2E_RUNTIME_CONFIG, E2E_STATE_DIR, E2E_STATE_FILE } from './env';

type Server = Awaited<ReturnType<typeof createStaticServer>>;

/**
 * Port offsets from the shared shell's port, one block of 20 per composition (six servers, then the drill's
 * extra origins): kept apart, the compositions run at the same time, and away from the API's (+100) and from
 * 4045 with the default base (a port Chromium refuses, src/env.ts).
 */
export const OWN_COMPOSITIONS = {
  delivery: 10,
  runtimePatch: 50,
  loginPages: 70,
  skeleton: 110,
  deliveryFaults: 130,
  behindNginx: 150,
  deliveryFaultsMore: 170,
  // Not 190 (with the default base its shell would be 4190, a port Chromium refuses) nor 210 (its block holds 4222,
  // a NATS server's default port, taken on some CI machines).
  apiDown: 230,
  apiPaused: 250,
  cardsDemoShops: 270,
} as const;

const ORDER: AppName[] = ['shell', 'landing', 'cards', 'campaigns', 'messaging', 'admin'];

function checkedPort(offset: number, port: number): number {
  if (port === E2E_API_PORT || CHROMIUM_UNSAFE_PORTS.has(port)) throw new Error(`a composition of its own at +${offset} puts a server on port ${port}, taken or refused by Chromium: choose another E2E_PORT_BASE`);
  return port;
}

export function ownPorts(offset: number): Record<AppName, number> {
  return Object.fromEntries(ORDER.map((name, i) => [name, checkedPort(offset, E2E_PORTS.shell + offset + i)])) as Record<AppName, number>;
}

// Every block's 20 ports are checked when this module loads, so a port Chromium refuses fails any run at once, not
// only one that runs the spec of that block.
for (const offset of Object.values(OWN_COMPOSITIONS)) for (let i = 0; i < 20; i++) checkedPort(offset, E2E_PORTS.shell + offset + i);

/** The shell's origin of a composition: a spec's `baseURL`, known before the composition starts. */
export function ownShellUrl(offset: number): string {
  return `http://localhost:${ownPorts(offset).shell}`;
}

/** The run-time configuration file the servers of a composition of its own read (the API of its own too). */
export function ownRuntimeConfigFile(label: string): string {
  return path.join(E2E_STATE_DIR, `own-${label}`, 'runtime-config.json');
}

/** The port of the API of a composition's own (src/own-api.ts): the last of its block. */
export function ownApiPort(offset: number): number {
  return checkedPort(offset, E2E_PORTS.shell + offset + 19);
}

export interface StaticSite {
  origin: string;
  stop: () => Promise<void>;
}

export interface OwnComposition {
  shellUrl: string;
  /** Each app's origin in this composition. */
  origins: Record<AppName, string>;
  /** A port of this composition's block, for a drill's extra origin (0–12, after the six servers; the last is its API's). */
  extraPort(index: number): number;
  remoteUrl(name: RemoteAppName): string;
  /** Re-points one remote (atomic write): the next page load of this composition uses it. */
  pointRemote(name: RemoteAppName, manifestUrl: string): void;
  /** Points this shell's composed public pages at another landing origin; answers the previous one. */
  pointLandingPages(origin: string): string;
  stopApp(name: AppName): Promise<void>;
  /** Starts the app's server again (no-op when it is running). */
  restartApp(name: AppName): Promise<void>;
  /** Publishes a build folder on another origin of this composition, as a static host would. */
  serveFolder(name: AppName, root: string, port: number): Promise<StaticSite>;
  stop(): Promise<void>;
}

function proxySecret(): string {
  return (JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8')) as { apiEnv: { PROXY_SECRET: string } }).apiEnv.PROXY_SECRET;
}

/** `apiPort`: the API its servers pass /api to (default: the shared composition's). */
export async function startOwnComposition(label: string, offset: number, { apiPort = E2E_API_PORT }: { apiPort?: number } = {}): Promise<OwnComposition> {
  const ports = ownPorts(offset);
  const origins = Object.fromEntries(ORDER.map((name) => [name, `http://localhost:${ports[name]}`])) as Record<AppName, string>;
  const configFile = ownRuntimeConfigFile(label);
  const shared = readRuntimeConfig(E2E_RUNTIME_CONFIG);
  const remotes = Object.fromEntries(Object.keys(shared.remotes).map((name) => [name, `${origins[name as AppName]}/mf-manifest.json`])) as RuntimeConfigFile['remotes'];
  writeRuntimeConfig(configFile, { ...shared, dashboardBaseUrl: origins.shell, landingBaseUrl: origins.landing, remotes });
  const secret = proxySecret();

  const listen = async (name: AppName, root: string, port: number): Promise<Server> => {
    const server = await createStaticServer({
      root,
      runtimeConfigFile: configFile,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      proxySecret: secret,
      composeLandingPage: name === 'shell',
    });
    await server.listen({ port, host: 'localhost' });
    return server;
  };
  // As a stopped static host: every connection goes at once, including a page's long-lived ones (a proxied API
  // stream would otherwise hold close() open).
  const shut = async (server: Server) => {
    const closing = server.close();
    server.server.closeAllConnections();
    await closing;
  };
  const running = new Map<AppName, Server>();
  const extra = new Set<Server>();
  const start = async (name: AppName) => {
    if (!running.has(name)) running.set(name, await listen(name, distDir(appByName(name)), ports[name]));
  };
  await Promise.all(APPS.map((app) => start(app.name)));

  const edit = (change: (config: RuntimeConfigFile) => void) => {
    const config = readRuntimeConfig(configFile);
    change(config);
    writeRuntimeConfig(configFile, config);
  };

  return {
    shellUrl: origins.shell,
    origins,
    extraPort: (index) => {
      if (index < 0 || index > 12) throw new Error(`extra port ${index}: 0–12`);
      return E2E_PORTS.shell + offset + ORDER.length + index;
    },
    remoteUrl: (name) => readRuntimeConfig(configFile).remotes[name],
    pointRemote: (name, manifestUrl) => edit((config) => (config.remotes[name] = manifestUrl)),
    pointLandingPages: (origin) => {
      const previous = readRuntimeConfig(configFile).landingBaseUrl;
      edit((config) => (config.landingBaseUrl = origin));
      return previous;
    },
    async stopApp(name) {
      const server = running.get(name);
      running.delete(name);
      if (server) await shut(server);
    },
    restartApp: start,
    async serveFolder(name, root, port) {
      const server = await listen(name, root, port);
      extra.add(server);
      return {
        origin: `http://localhost:${port}`,
        stop: async () => {
          extra.delete(server);
          await shut(server);
        },
      };
    },
    async stop() {
      await Promise.all([...running.values(), ...extra].map(shut));
      running.clear();
      extra.clear();
    },
  };
}
