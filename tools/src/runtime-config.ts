/**
 * The run-time configuration every static server answers at /runtime-config.json.
 * It lives in a JSON file read on every request, so re-pointing a remote is an edit of that file:
 * no rebuild, no restart (see docs/architecture.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { APPS, REMOTE_APPS, REPO_ROOT, appPort, type RemoteAppName } from './apps';
import { FRAME_GATE_HASH } from './html-template';

/** The product's name when BRAND_NAME is not set: the same as `DEFAULT_BRAND_NAME` of @loyalty/shared, the browser's fallback. */
export const DEFAULT_BRAND_NAME = 'Appo';

export interface RuntimeConfigFile {
  apiBaseUrl: string;
  dashboardBaseUrl: string;
  landingBaseUrl: string;
  brandName: string;
  support: { email: string; phone: string };
  remotes: Record<RemoteAppName, string>;
  /** Extra origins a developer may point a remote at with ?remote-override= (allowed by the CSP). */
  devOrigins?: string[];
}

/** Where every app's page asks for it: `RUNTIME_CONFIG_URL` of `@loyalty/shared` (e2e startup-preload.spec.ts sees each page use its preload). */
export const RUNTIME_CONFIG_ROUTE = '/runtime-config.json';

export const DEFAULT_RUNTIME_CONFIG_PATH = path.join(REPO_ROOT, '.run', 'runtime-config.json');

export function runtimeConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.RUNTIME_CONFIG ? path.resolve(env.RUNTIME_CONFIG) : DEFAULT_RUNTIME_CONFIG_PATH;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Builds the configuration from the environment: ports, public host and per-remote overrides. */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfigFile {
  const host = env.PUBLIC_HOST || 'localhost';
  const origin = (name: string) => {
    const app = APPS.find((a) => a.name === name)!;
    return `http://${host}:${appPort(app, env)}`;
  };
  const remotes = {} as Record<RemoteAppName, string>;
  for (const app of REMOTE_APPS) {
    const override = env[`${app.name.toUpperCase()}_REMOTE_URL`];
    remotes[app.name] = override || `${origin(app.name)}/mf-manifest.json`;
  }
  return {
    apiBaseUrl: env.API_BASE_URL || '/api',
    dashboardBaseUrl: trimSlash(env.DASHBOARD_BASE_URL || origin('shell')),
    landingBaseUrl: trimSlash(env.LANDING_BASE_URL || origin('landing')),
    brandName: env.BRAND_NAME || DEFAULT_BRAND_NAME,
    support: {
      email: env.SUPPORT_EMAIL || 'supporto@appo.example',
      phone: env.SUPPORT_PHONE || '+39 02 1234 5678',
    },
    remotes,
    devOrigins: (env.DEV_ORIGINS || '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}

export function writeRuntimeConfig(file: string, config: RuntimeConfigFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`);
  fs.renameSync(tmp, file); // atomic: a server never reads a half-written file
}

export function readRuntimeConfig(file: string): RuntimeConfigFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RuntimeConfigFile;
}

/** Every origin the browser loads code from: used for CORS and the Content-Security-Policy. */
export function configuredOrigins(config: RuntimeConfigFile): string[] {
  const origins = new Set<string>();
  for (const url of [config.dashboardBaseUrl, config.landingBaseUrl, ...Object.values(config.remotes), ...(config.devOrigins ?? [])]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // a relative URL is same-origin and needs no entry
    }
  }
  return [...origins];
}

/** The IPv4 and name spellings of this machine's loopback interface: one host for a browser on it. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];

/**
 * Whether a page at `origin` may read this server's files (CORS): a configured origin, or a loopback one whose other
 * spelling (same scheme and port) is configured. The start banner names the dashboard `http://localhost:3000`, yet a
 * newcomer who opened `http://127.0.0.1:3000` had every section refused (the remotes' manifests blocked) while the
 * login and the sidebar worked. Only this machine can serve a loopback origin, so nothing is opened to anyone else.
 * The Content-Security-Policy needs no such spelling: the page's own origin is its 'self', the remotes' are listed.
 */
export function allowsOrigin(config: RuntimeConfigFile, origin: string): boolean {
  const configured = configuredOrigins(config);
  if (configured.includes(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (!LOOPBACK_HOSTS.includes(parsed.hostname)) return false;
  return LOOPBACK_HOSTS.some((host) => configured.includes(`${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`));
}

/**
 * Scripts only from this origin and the configured remote origins; no inline scripts, no plugins, no
 * <base>, no framing. Styles allow inline because styled-components injects <style> elements.
 */
export function contentSecurityPolicy(config: RuntimeConfigFile | null): string {
  const origins = config ? configuredOrigins(config).join(' ') : '';
  return [
    "default-src 'self'",
    // The framed dashboard pages' one inline script, allowed by its hash alone (tools/src/html-template.ts).
    `script-src 'self' ${origins} ${FRAME_GATE_HASH}`.replace(/ +/g, ' '),
    `connect-src 'self' ${origins}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
