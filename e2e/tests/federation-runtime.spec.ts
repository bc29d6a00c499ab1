/**
 * Every build brings its own Module Federation runtime (docs/decisions/029-remotes-bring-their-runtime.md,
 * which supersedes 015): the shell and each remote it loads run their own runtime instance, all sharing the
 * page's `__FEDERATION__` registry, so a remote need not be built with the shell's release (the delivery drill
 * loads one built with the previous patch: delivery-runtime-patch.spec.ts). Beside it each remote publishes a slim
 * entry compiled against its core version, which the shell loads, using its own core, when that is its own
 * (decision 112).
 */
import { test, expect, type Page } from '@playwright/test';
import { bundledRuntimeVersion } from '@loyalty/tools';
import { DEMO_ADMIN, recordScripts } from '../src/fixtures';
import { LANDING_URL, withCookieChoiceSaved } from '../src/landing';
import { SHELL_URL } from '../src/env';

/** A global only @module-federation/runtime-core defines (not the part of the runtime a build keeps without it). */
const RUNTIME_CORE_MARKER = '__GLOBAL_LOADING_REMOTE_ENTRY__';

async function scriptsWithRuntimeCore(page: Page, scripts: ReturnType<typeof recordScripts>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts.map((s) => s.body));
  return scripts.filter((_, i) => bodies[i].includes(RUNTIME_CORE_MARKER)).map((s) => new URL(s.url).origin + new URL(s.url).pathname);
}

/** Name and runtime version of every federation instance on the page (each build's runtime registers one). */
function federationInstances(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; version: string }[] } }).__FEDERATION__.__INSTANCES__.map((i) => ({ name: i.name, version: i.version })),
  );
}

// /login is the landing's prerendered page (no federation runtime at all, e2e login-prerendered.spec.ts):
// the landing remote inside the shell is its legal pages.
test('the shell\'s /privacy: the landing remote, built with the shell\'s core version, runs its slim entry on the shell\'s core', async ({ page }) => {
  const scripts = recordScripts(page);
  await withCookieChoiceSaved(page);
  await page.goto('/privacy');
  await expect(page.locator('[data-remote="landing"]').getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
  // One copy of the core on the page, the shell's; the landing's container came without one.
  expect(await scriptsWithRuntimeCore(page, scripts)).toEqual([`${SHELL_URL}/main.js`]);
  const entries = scripts.map((s) => new URL(s.url)).filter((u) => u.origin === LANDING_URL && /^\/remoteEntry/.test(u.pathname)).map((u) => u.pathname);
  expect(entries).toEqual(['/remoteEntry.slim.js']);
  const version = bundledRuntimeVersion();
  expect(await federationInstances(page)).toEqual([
    { name: 'shell', version },
    { name: 'landing', version },
  ]);
});

test('a remote\'s manifest no longer ties it to a runtime version of the shell: it offers its slim entry beside the full one', async ({ request }) => {
  const response = await request.get(`${LANDING_URL}/mf-manifest.json`, { headers: { 'accept-encoding': 'br' } });
  expect(response.headers()['content-encoding']).toBe('br');
  const manifest = (await response.json()) as { metaData: Record<string, unknown> };
  expect(manifest.metaData.remoteEntry).toMatchObject({ name: 'remoteEntry.js' });
  expect(manifest.metaData).not.toHaveProperty('externalRuntime');
  expect(manifest.metaData.slimEntry).toEqual({ name: 'remoteEntry.slim.js', runtimeCore: bundledRuntimeVersion() });
  // Both entries are served, the full one with its own core.
  for (const [file, hasCore] of [['remoteEntry.js', true], ['remoteEntry.slim.js', false]] as const) {
    const entry = await request.get(`${LANDING_URL}/${file}`);
    expect(entry.ok()).toBe(true);
    expect((await entry.text()).includes(RUNTIME_CORE_MARKER)).toBe(hasCore);
  }
});

// The signup page is prerendered HTML with a small script (signup-prerendered.spec.ts); the landing
// origin's standalone React app is now what it answers for the legal pages.
test('the standalone page at the landing origin runs the runtime inside its main.js, once, and works', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto(`${LANDING_URL}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
  expect(await scriptsWithRuntimeCore(page, scripts)).toEqual([`${LANDING_URL}/main.js`]);
  // The standalone page is its own host: the container entry is for other hosts, and no separate runtime file.
  expect(scripts.filter((s) => /\/(remoteEntry|federation-runtime\.[0-9a-f]+)\.js/.test(s.url))).toEqual([]);
  expect(await federationInstances(page)).toEqual([{ name: 'landing', version: bundledRuntimeVersion() }]);
});

// The start banner names the dashboard by `localhost`, the remotes are configured there too: a newcomer who opens
// it by address instead had every section refused (the remotes' CORS knew only `localhost`) while the login and the
// sidebar worked. The same machine by either name loads the same sections.
test('the dashboard opened at 127.0.0.1 loads its sections from the remotes configured at localhost', async ({ page }) => {
  const byAddress = SHELL_URL.replace('//localhost:', '//127.0.0.1:');
  expect(byAddress).not.toBe(SHELL_URL);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /CORS|Federation Runtime/.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${byAddress}/login`);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.locator('[data-remote="cards"]').getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  await page.goto(`${byAddress}/dashboard/loyalty-cards`);
  await expect(page.locator('[data-remote="cards"]').getByRole('searchbox')).toBeVisible();
  await expect(page.getByText('Questa sezione non è al momento disponibile')).toHaveCount(0);
  expect(refused).toEqual([]);
});
