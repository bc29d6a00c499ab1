/**
 * The production composition (startComposition: API + one compressed static server per app) serving the
 * bench's own builds, and Debian's Chromium driven through Playwright with a CDP session that records
 * every response: bytes on the wire, type, and which origin (which remote) it came from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { APPS, startComposition, type AppName, type Composition } from '@loyalty/tools';
import { DEMO_ACCOUNTS } from '../../api/src/seed/demo';
import { stopOnExit } from './cleanup';
import { CHROMIUM_ARGS } from '../../e2e/src/env';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export { CHROMIUM_ARGS };
/** Lighthouse 13's mobile preset (constants.throttling.mobileSlow4G), applied by the browser rather than simulated. */
export const MOBILE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** A page as a phone's first visit sees it: no HTTP cache, Lighthouse's mobile network, the CPU `cpuThrottle`× slower. */
export async function coldPhonePage(context: BrowserContext, cpuThrottle: number): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  return page;
}

export interface BenchComposition {
  composition: Composition;
  ports: Record<AppName, number>;
  apiPort: number;
  shellUrl: string;
  originOf: (app: AppName) => string;
  stop(): Promise<void>;
}

/** Ports base..base+5 for the apps, base+10 for the API (6100-6199 / 6300-6399 are the bench's). */
export async function startBenchComposition(base: number, roots: Record<AppName, string>): Promise<BenchComposition> {
  const ports = Object.fromEntries(APPS.map((a, i) => [a.name, base + i])) as Record<AppName, number>;
  const apiPort = base + 10;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-composition-${base}-`));
  const composition = await startComposition({
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: path.join(stateDir, 'pglite'),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
    ports,
    apiPort,
    runtimeConfigFile: path.join(stateDir, 'runtime-config.json'),
  });
  const stop = stopOnExit(async () => {
    await composition.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });
  try {
    // startComposition serves each app's dist/; the bench serves its own builds instead.
    for (const app of APPS) {
      await composition.stopApp(app.name);
      await composition.startApp(app.name, roots[app.name]);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    composition,
    ports,
    apiPort,
    shellUrl: `http://localhost:${ports.shell}`,
    originOf: (app) => `http://localhost:${ports[app]}`,
    stop,
  };
}

export async function apiToken(apiPort: number): Promise<string> {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const res = await fetch(`http://127.0.0.1:${apiPort}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!res.ok) throw new Error(`login via API: HTTP ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface RecordedResponse {
  requestId: string;
  url: string;
  type: string;
  /** Wall-clock ms when the request was sent. */
  sentAt: number;
  /** Bytes on the wire (headers + compressed body), from Network.loadingFinished. */
  encodedBytes: number;
  contentEncoding: string;
  finished: boolean;
}

/** Records every network response of a page through CDP (cache disabled: a first visit). */
export async function recordNetwork(page: Page): Promise<{ cdp: CDPSession; responses: Map<string, RecordedResponse> }> {
  const cdp = await page.context().newCDPSession(page);
  const responses = new Map<string, RecordedResponse>();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  cdp.on('Network.requestWillBeSent', (e) => {
    responses.set(e.requestId, {
      requestId: e.requestId,
      url: e.request.url,
      type: e.type ?? 'Other',
      sentAt: e.wallTime * 1000,
      encodedBytes: 0,
      contentEncoding: '',
      finished: false,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = responses.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    r.contentEncoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (!r) return;
    r.encodedBytes = e.encodedDataLength;
    r.finished = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.finished = true;
  });
  return { cdp, responses };
}

export async function newContext(browser: Browser, options: { shellUrl?: string; token?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'block',
    storageState:
      options.token && options.shellUrl
        ? { cookies: [], origins: [{ origin: options.shellUrl, localStorage: [{ name: 'token', value: options.token }] }] }
        : undefined,
  });
}

/** Waits until no request has been in flight for `quietMs` (or `timeoutMs` passed). */
export async function networkQuiet(responses: Map<string, RecordedResponse>, quietMs = 1500, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastCount = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const pending = [...responses.values()].some((r) => !r.finished);
    if (responses.size !== lastCount || pending) {
      lastCount = responses.size;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
