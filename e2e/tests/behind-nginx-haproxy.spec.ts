/**
 * The dashboard through the configurations of deploy/ (decision 081): nginx (deploy/nginx, written out by render.sh)
 * serves the six builds on origins of their own and passes /api to HAProxy (deploy/haproxy/haproxy.cfg as shipped)
 * in front of the journeys' API, and the shell's public pages to the shell's Node server. The login form, the
 * dashboard and a remote's screen, every file from nginx, every API call through HAProxy.
 * (One API instance here: the journeys' API runs on PGlite. Three on PostgreSQL behind the same HAProxy file:
 * tools/test/haproxy-drill.test.ts.) Skipped without nginx or haproxy, except on CI.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { APPS, REPO_ROOT, appByName, createStaticServer, distDir, haproxyVersion, readRuntimeConfig, startHaproxy, writeRuntimeConfig, type AppName, type Haproxy } from '@loyalty/tools';
import { DEMO_ADMIN } from '../src/fixtures';
import { E2E_API_PORT, E2E_RUNTIME_CONFIG, E2E_STATE_DIR, E2E_STATE_FILE } from '../src/env';
import { OWN_COMPOSITIONS, ownPorts } from '../src/own-composition';

const installed = haproxyVersion() !== null && spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
const ports = ownPorts(OWN_COMPOSITIONS.behindNginx);
const HAPROXY_PORT = ports.shell + 6;
const STATS_PORT = ports.shell + 7;
const SHELL_NODE_PORT = ports.shell + 8;
const origin = (name: AppName) => `http://localhost:${ports[name]}`;
const dir = path.join(E2E_STATE_DIR, 'own-behind-nginx');

test.describe.configure({ mode: 'serial' });

let haproxy: Haproxy | null = null;
let shellNode: Awaited<ReturnType<typeof createStaticServer>> | null = null;
let nginxStarted = false;

test.beforeAll(async () => {
  if (!installed) {
    if (process.env.CI) throw new Error('This journey needs haproxy and nginx when CI is set (apt-get install haproxy nginx)');
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const secret = (JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8')) as { apiEnv: { PROXY_SECRET: string } }).apiEnv.PROXY_SECRET;
  const configFile = path.join(dir, 'runtime-config.json');
  const shared = readRuntimeConfig(E2E_RUNTIME_CONFIG);
  const remotes = Object.fromEntries(Object.keys(shared.remotes).map((name) => [name, `${origin(name as AppName)}/mf-manifest.json`])) as typeof shared.remotes;
  writeRuntimeConfig(configFile, { ...shared, dashboardBaseUrl: origin('shell'), landingBaseUrl: origin('landing'), remotes });
  fs.chmodSync(configFile, 0o644);

  // HAProxy with the shipped file in front of the composition's API, once it counts it up.
  haproxy = await startHaproxy({
    servers: [`127.0.0.1:${E2E_API_PORT}`],
    secret,
    bind: `127.0.0.1:${HAPROXY_PORT}`,
    statsBind: `127.0.0.1:${STATS_PORT}`,
    socket: path.join(dir, 'haproxy.sock'),
    upWithinMs: 15_000,
  });
  // The shell's Node server: only the composed pages reach it (its signup-page lookups go through HAProxy).
  shellNode = await createStaticServer({ root: distDir(appByName('shell')), runtimeConfigFile: configFile, apiUrl: `http://127.0.0.1:${HAPROXY_PORT}`, composeLandingPage: true });
  await shellNode.listen({ port: SHELL_NODE_PORT, host: '127.0.0.1' });

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    RUNTIME_CONFIG: configFile,
    SHELL_ORIGIN: origin('shell'),
    LANDING_ORIGIN: origin('landing'),
    APP_ORIGINS: APPS.map((app) => origin(app.name)).join(' '),
    HAPROXY: `127.0.0.1:${HAPROXY_PORT}`,
    SHELL_NODE: `127.0.0.1:${SHELL_NODE_PORT}`,
  };
  for (const app of APPS) {
    env[`${app.name.toUpperCase()}_LISTEN`] = `127.0.0.1:${ports[app.name]}`;
    env[`${app.name.toUpperCase()}_ROOT`] = distDir(app);
  }
  const rendered = spawnSync('sh', [path.join(REPO_ROOT, 'deploy', 'nginx', 'render.sh')], { env, encoding: 'utf8' });
  if (rendered.status !== 0) throw new Error(`render.sh: ${rendered.stderr}`);
  fs.writeFileSync(path.join(dir, 'loyalty.conf'), rendered.stdout);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon on; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn; events { worker_connections 512; }
http { include /etc/nginx/mime.types; default_type application/octet-stream; access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/loyalty.conf; }\n`,
  );
  const started = spawnSync('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`nginx: ${started.stderr}`);
  nginxStarted = true;
});

test.afterAll(async () => {
  if (nginxStarted) spawnSync('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-s', 'quit']);
  await haproxy?.stop();
  await shellNode?.close();
});

test('log in and work through nginx and HAProxy: every file from nginx, every API call through HAProxy', async ({ page }) => {
  // Only off CI: with CI set, beforeAll has already failed the run when haproxy or nginx is missing.
  test.skip(!installed, 'haproxy or nginx not installed');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const responses: { url: string; server: string | null; status: number }[] = [];
  page.on('response', (res) => responses.push({ url: res.url(), server: res.headers()['server'] ?? null, status: res.status() }));

  await page.goto(`${origin('shell')}/login`);
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  await page.goto(`${origin('shell')}/dashboard/campaigns`);
  await expect(page.getByRole('heading', { level: 1, name: 'Campagne' })).toBeVisible();

  // Every remote's manifest came from its nginx origin, no-cache; every API answer passed nginx (and HAProxy).
  const manifests = responses.filter((r) => r.url.endsWith('/mf-manifest.json'));
  expect(manifests.length).toBeGreaterThan(0);
  for (const m of manifests) expect([m.url, m.server]).toEqual([m.url, 'nginx']);
  const api = responses.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((r) => r.server !== 'nginx' || r.status >= 500)).toEqual([]);
  expect(errors).toEqual([]);
});
