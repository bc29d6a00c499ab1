/**
 * Independent delivery and resilience, per remote, in the real composition:
 * redeploy a new version to a new origin by editing the run-time config (no shell rebuild or restart),
 * roll back, and survive a stopped server, a failing manifest, a slow or garbage script and a component
 * that throws. Test titles start with [remote]: the summary reporter prints one line per remote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import type { AppName } from '@loyalty/tools';
import { E2E_PORTS, E2E_STATE_DIR } from '../src/env';
import { startFaultProxy, type Fault, type FaultProxy } from '../src/fault-proxy';
import { buildVariants, pointRemote, remoteUrl, restartApp, serveFolder, stopApp } from '../src/processes';
import { loginThroughApi } from '../src/session';

type RemoteApp = Exclude<AppName, 'shell'>;

/** For each remote: a route it owns, a second route of the same remote (if any), and a route of another remote. */
const REMOTES: Record<RemoteApp, { route: string; secondRoute?: string; otherRoute: string; dashboard: boolean }> = {
  landing: { route: '/privacy', otherRoute: '/dashboard/documentation', dashboard: false },
  cards: { route: '/dashboard/loyalty-cards', secondRoute: '/dashboard', otherRoute: '/dashboard/documentation', dashboard: true },
  campaigns: { route: '/dashboard/campaigns', otherRoute: '/dashboard/loyalty-cards', dashboard: true },
  messaging: { route: '/dashboard/easy-sms', secondRoute: '/dashboard/twilio-settings', otherRoute: '/dashboard/loyalty-cards', dashboard: true },
  admin: { route: '/dashboard/documentation', secondRoute: '/dashboard/settings', otherRoute: '/dashboard/loyalty-cards', dashboard: true },
};
const NAMES = Object.keys(REMOTES) as RemoteApp[];
const NEW_VERSION = '9.9.9-e2e';
const DEPLOY_DIR = path.join(E2E_STATE_DIR, 'deploys');
const PORT_BASE = E2E_PORTS.shell;
/** The @loyalty/shared the shell provides, and the first release of its major (an older compatible build). */
const SHARED_VERSION = (JSON.parse(fs.readFileSync(path.join(__dirname, '../../shared/package.json'), 'utf8')) as { version: string }).version;
const SHARED_MAJOR = Number(SHARED_VERSION.split('.')[0]);

const servers: { stop: () => Promise<void> }[] = [];
const newOrigins = {} as Record<RemoteApp, string>;
const faultyOrigins = {} as Record<RemoteApp, string>;
const originalUrls = {} as Record<RemoteApp, string>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  const variants = NAMES.flatMap((name) => [
    { app: name, out: path.join(DEPLOY_DIR, `${name}-${NEW_VERSION}`), version: NEW_VERSION },
    { app: name, out: path.join(DEPLOY_DIR, `${name}-faulty`), version: 'guasto', faultyRender: true },
  ]);
  variants.push(
    { app: 'cards', out: path.join(DEPLOY_DIR, 'cards-shared-first-of-major'), version: `shared-${SHARED_MAJOR}.0`, sharedOverrides: { '@loyalty/shared': { version: `${SHARED_MAJOR}.0.0`, requiredVersion: `^${SHARED_MAJOR}.0.0` } } } as (typeof variants)[number],
    { app: 'cards', out: path.join(DEPLOY_DIR, 'cards-shared-previous-major'), version: `shared-${SHARED_MAJOR - 1}.1`, sharedOverrides: { '@loyalty/shared': { version: `${SHARED_MAJOR - 1}.1.0`, requiredVersion: `^${SHARED_MAJOR - 1}.1.0` } } } as (typeof variants)[number],
    { app: 'cards', out: path.join(DEPLOY_DIR, 'cards-shared-next-major'), version: `shared-${SHARED_MAJOR + 1}.0`, sharedOverrides: { '@loyalty/shared': { version: `${SHARED_MAJOR + 1}.0.0`, requiredVersion: `^${SHARED_MAJOR + 1}.0.0` } } } as (typeof variants)[number],
  );
  buildVariants(variants);
  for (const [i, name] of NAMES.entries()) {
    originalUrls[name] = remoteUrl(name);
    const fresh = await serveFolder(name, path.join(DEPLOY_DIR, `${name}-${NEW_VERSION}`), PORT_BASE + 30 + i);
    const faulty = await serveFolder(name, path.join(DEPLOY_DIR, `${name}-faulty`), PORT_BASE + 40 + i);
    servers.push(fresh, faulty);
    newOrigins[name] = fresh.origin;
    faultyOrigins[name] = faulty.origin;
  }
});

test.afterAll(async () => {
  for (const name of NAMES) if (originalUrls[name]) pointRemote(name, originalUrls[name]);
  await Promise.all(servers.map((s) => s.stop()));
});

function area(page: Page, remote: RemoteApp) {
  return page.locator(`[data-remote="${remote}"]`);
}

async function expectWorking(page: Page, remote: RemoteApp) {
  await expect(area(page, remote).locator('h1')).toBeVisible({ timeout: 20_000 });
  await expect(area(page, remote).getByRole('button', { name: 'Riprova' })).toHaveCount(0);
}

async function expectContained(page: Page, remote: RemoteApp) {
  await expect(area(page, remote).getByRole('button', { name: 'Riprova' })).toBeVisible({ timeout: 30_000 });
  await expect(area(page, remote).getByText('Questa sezione non è al momento disponibile.', { exact: false })).toBeVisible();
  // The rest of the product keeps working: shell, switcher, another remote.
  const { otherRoute, dashboard } = REMOTES[remote];
  if (dashboard) {
    const switcher = page.getByRole('button', { name: /Attività corrente/ });
    await switcher.click();
    await expect(page.getByRole('button', { name: 'Profumeria Bella' })).toBeVisible();
    await page.keyboard.press('Escape');
    const nav = page.getByRole('navigation', { name: 'Sezioni della dashboard' });
    const other = NAMES.find((n) => n !== remote && REMOTES[n].route === otherRoute) ?? 'admin';
    await nav.locator(`a[href="${otherRoute}"]`).click();
    await expectWorking(page, other);
  } else {
    await page.goto(otherRoute);
    await expectWorking(page, 'admin');
  }
}

function versionOf(page: Page, remote: RemoteApp) {
  return page.getByTestId('version-footer').locator(`[data-version-of="${remote}"]`);
}

for (const name of NAMES) {
  const { route, secondRoute, dashboard } = REMOTES[name];

  test(`[${name}] redeploy to a new origin and roll back, without touching the shell`, async ({ page, browser }) => {
    await loginThroughApi(page);
    await page.goto(route);
    await expectWorking(page, name);
    if (dashboard) await expect(versionOf(page, name)).toHaveText('1.0.0');

    pointRemote(name, `${newOrigins[name]}/mf-manifest.json`);

    // A user who still has the old version open keeps working until reload: no chunk 404s.
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(r.url()));
    if (secondRoute) {
      await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).locator(`a[href="${secondRoute}"]`).click();
      await expectWorking(page, name);
      await expect(versionOf(page, name)).toHaveText('1.0.0');
    }
    expect(failed).toEqual([]);

    // A new page load uses the new version from the new origin; the other remotes are untouched.
    const fresh = await browser.newPage({ baseURL: page.url() });
    await loginThroughApi(fresh);
    const scripts: string[] = [];
    fresh.on('response', (r) => scripts.push(r.url()));
    await fresh.goto(route);
    await expectWorking(fresh, name);
    expect(scripts.some((u) => u.startsWith(`${newOrigins[name]}/remoteEntry.js`))).toBe(true);
    if (dashboard) {
      await expect(versionOf(fresh, name)).toHaveText(NEW_VERSION);
      await fresh.goto(REMOTES[name].otherRoute);
      const other = NAMES.find((n) => n !== name && REMOTES[n].route === REMOTES[name].otherRoute) ?? 'admin';
      await expectWorking(fresh, other);
      await expect(versionOf(fresh, other)).toHaveText('1.0.0');
    }

    // Roll back: the old URL again, the next load is the old version.
    pointRemote(name, originalUrls[name]);
    await fresh.goto(route);
    await expectWorking(fresh, name);
    if (dashboard) await expect(versionOf(fresh, name)).toHaveText('1.0.0');
    await fresh.close();
  });

  test(`[${name}] fault: server stopped`, async ({ page }) => {
    await loginThroughApi(page);
    await stopApp(name);
    try {
      await page.goto(route);
      await expectContained(page, name);
      // expectContained navigated elsewhere: back to the broken area, then the remote comes back and
      // 'Riprova' recovers it without a page reload.
      await page.goto(route);
      const retry = area(page, name).getByRole('button', { name: 'Riprova' });
      await expect(retry).toBeVisible({ timeout: 30_000 });
      await restartApp(name);
      await retry.click();
      await expectWorking(page, name);
    } finally {
      await restartApp(name);
    }
  });

  for (const fault of ['manifest-500', 'slow-script', 'garbage-script'] as Fault[]) {
    test(`[${name}] fault: ${fault}`, async ({ page }) => {
      let proxy: FaultProxy | undefined;
      try {
        proxy = await startFaultProxy(new URL(originalUrls[name]).origin, PORT_BASE + 50 + NAMES.indexOf(name));
        proxy.fault = fault;
        pointRemote(name, `${proxy.origin}/mf-manifest.json`);
        await loginThroughApi(page);
        await page.goto(route);
        await expectContained(page, name);
        proxy.fault = 'none';
        await page.goto(route);
        await expectWorking(page, name);
      } finally {
        pointRemote(name, originalUrls[name]);
        await proxy?.close();
      }
    });
  }

  test(`[${name}] fault: component throws while rendering`, async ({ page }) => {
    pointRemote(name, `${faultyOrigins[name]}/mf-manifest.json`);
    try {
      await loginThroughApi(page);
      await page.goto(route);
      await expectContained(page, name);
    } finally {
      pointRemote(name, originalUrls[name]);
    }
    // Nothing the broken version left behind (store, local storage) breaks the next load.
    await page.goto(route);
    await expectWorking(page, name);
  });
}

test('[cards] version skew: an older compatible build of @loyalty/shared loads; a previous or next major is refused clearly', async ({ page }) => {
  const skewPort = PORT_BASE + 60;
  const older = await serveFolder('cards', path.join(DEPLOY_DIR, 'cards-shared-first-of-major'), skewPort);
  const major = await serveFolder('cards', path.join(DEPLOY_DIR, 'cards-shared-next-major'), skewPort + 1);
  const previous = await serveFolder('cards', path.join(DEPLOY_DIR, 'cards-shared-previous-major'), skewPort + 2);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    pointRemote('cards', `${older.origin}/mf-manifest.json`);
    await loginThroughApi(page);
    await page.goto('/dashboard/loyalty-cards');
    await expectWorking(page, 'cards');
    await expect(versionOf(page, 'cards')).toHaveText(`shared-${SHARED_MAJOR}.0`);
    await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first()).toBeVisible();
    expect(errors).toEqual([]);
    // One instance of @loyalty/shared on the page: the shell's.
    const sharedVersions = await page.evaluate(() => {
      const scope = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>> } }).__FEDERATION__.__SHARE__;
      const loaded = new Set<string>();
      for (const host of Object.values(scope)) for (const [version, info] of Object.entries(host.default?.['@loyalty/shared'] ?? {})) if (info.loaded) loaded.add(version);
      return [...loaded];
    });
    expect(sharedVersions).toEqual([SHARED_VERSION]);

    // A build from before a breaking change of shared (e.g. 2.0 moved the router into it) and one made for
    // a future major are both refused with the shell's message, not run against the wrong contract.
    for (const refused of [previous, major]) {
      pointRemote('cards', `${refused.origin}/mf-manifest.json`);
      await page.goto('/dashboard/loyalty-cards');
      await expect(area(page, 'cards').getByText('versione incompatibile', { exact: false })).toBeVisible({ timeout: 20_000 });
    }
    await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).locator('a[href="/dashboard/documentation"]').click();
    await expectWorking(page, 'admin');
  } finally {
    pointRemote('cards', originalUrls.cards);
    await older.stop();
    await major.stop();
    await previous.stop();
  }
});
