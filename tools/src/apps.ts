/**
 * The six frontends and the API: names, folders and default ports in one place.
 * Everything that starts, builds or serves them reads this table.
 */
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export type AppName = 'shell' | 'landing' | 'cards' | 'campaigns' | 'messaging' | 'admin';
export type RemoteAppName = Exclude<AppName, 'shell'>;

export interface AppInfo {
  /** Federation name (also the key in runtime-config.json `remotes`). */
  name: AppName;
  /** Workspace folder, relative to the repo root. */
  folder: string;
  /** npm workspace package name. */
  packageName: string;
  /** Environment variable that overrides the port. */
  portEnv: string;
  defaultPort: number;
}

export const APPS: readonly AppInfo[] = [
  { name: 'shell', folder: 'shell', packageName: '@loyalty/shell', portEnv: 'SHELL_PORT', defaultPort: 3000 },
  { name: 'landing', folder: 'remote-landing', packageName: '@loyalty/remote-landing', portEnv: 'LANDING_PORT', defaultPort: 3001 },
  { name: 'cards', folder: 'remote-cards', packageName: '@loyalty/remote-cards', portEnv: 'CARDS_PORT', defaultPort: 3002 },
  { name: 'campaigns', folder: 'remote-campaigns', packageName: '@loyalty/remote-campaigns', portEnv: 'CAMPAIGNS_PORT', defaultPort: 3003 },
  { name: 'messaging', folder: 'remote-messaging', packageName: '@loyalty/remote-messaging', portEnv: 'MESSAGING_PORT', defaultPort: 3004 },
  { name: 'admin', folder: 'remote-admin', packageName: '@loyalty/remote-admin', portEnv: 'ADMIN_PORT', defaultPort: 3005 },
];

export const REMOTE_APPS = APPS.filter((a): a is AppInfo & { name: RemoteAppName } => a.name !== 'shell');

export const API_DEFAULT_PORT = 3100;

export function appByName(name: string): AppInfo {
  const app = APPS.find((a) => a.name === name || a.folder === name || a.packageName === name);
  if (!app) throw new Error(`Unknown app "${name}". Known: ${APPS.map((a) => a.name).join(', ')}`);
  return app;
}

/** The app whose folder is `dir` (used by `npm run build -w remote-cards`, which runs in that folder). */
export function appByDir(dir: string): AppInfo {
  return appByName(path.basename(path.resolve(dir)));
}

export function parsePort(value: string | undefined, fallback: number, label: string): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${label} must be a TCP port (1-65535), got "${value}"`);
  }
  return port;
}

export function appPort(app: AppInfo, env: NodeJS.ProcessEnv = process.env): number {
  return parsePort(env[app.portEnv], app.defaultPort, app.portEnv);
}

export function apiPort(env: NodeJS.ProcessEnv = process.env): number {
  return parsePort(env.API_PORT, API_DEFAULT_PORT, 'API_PORT');
}

/** The most API processes `npm start` runs (`API_INSTANCES`): a guard against a typo, not a capacity figure. */
export const API_MAX_INSTANCES = 16;

/** `API_INSTANCES`: how many API processes `npm start` asks for (default 1), on ports API_PORT, API_PORT+1, … */
export function apiInstances(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.API_INSTANCES?.trim();
  if (value === undefined || value === '') return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > API_MAX_INSTANCES) {
    throw new Error(`API_INSTANCES must be a whole number from 1 to ${API_MAX_INSTANCES}, got "${value}"`);
  }
  return count;
}

export function distDir(app: AppInfo): string {
  return path.join(REPO_ROOT, app.folder, 'dist');
}
