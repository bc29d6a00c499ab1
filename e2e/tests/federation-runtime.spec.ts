/**
 * One Module Federation runtime per page (docs/decisions/015-one-federation-runtime.md): remotes use the
 * shell's runtime core, a remote's standalone page (the customers' signup at the landing origin) brings its
 * own, and a remote built for another core version is refused with a clear message, not run.
 */
import { test, expect, type Page } from '@playwright/test';
import { FEDERATION_RUNTIME_VERSION } from '@loyalty/tools';
import { recordScripts } from '../src/fixtures';
import { LANDING_URL, withCookieChoiceSaved } from '../src/landing';
import { SHELL_URL } from '../src/env';

/** A global only @module-federation/runtime-core defines (not the part of the runtime every remoteEntry.js keeps). */
const RUNTIME_CORE_MARKER = '__GLOBAL_LOADING_REMOTE_ENTRY__';

async function scriptsWithRuntimeCore(page: Page, scripts: ReturnType<typeof recordScripts>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts.map((s) => s.body));
  return scripts.filter((_, i) => bodies[i].includes(RUNTIME_CORE_MARKER)).map((s) => new URL(s.url).origin + new URL(s.url).pathname);
}

// /login is the landing's prerendered page (no federation runtime at all, e2e login-prerendered.spec.ts):
// the landing remote inside the shell is its legal pages.
test('the shell\'s /privacy downloads the federation runtime core once: the landing remote uses the shell\'s', async ({ page }) => {
  const scripts = recordScripts(page);
  await withCookieChoiceSaved(page);
  await page.goto('/privacy');
  await expect(page.locator('[data-remote="landing"]').getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
  expect(scripts.some((s) => s.url.startsWith(`${LANDING_URL}/remoteEntry.js`))).toBe(true);
  expect(await scriptsWithRuntimeCore(page, scripts)).toEqual([`${SHELL_URL}/main.js`]);
});

test('the landing manifest a browser receives (its brotli copy) names the runtime core the remote needs', async ({ request }) => {
  const response = await request.get(`${LANDING_URL}/mf-manifest.json`, { headers: { 'accept-encoding': 'br' } });
  expect(response.headers()['content-encoding']).toBe('br');
  const manifest = (await response.json()) as { metaData: Record<string, unknown> };
  expect(manifest.metaData.externalRuntime).toBe(FEDERATION_RUNTIME_VERSION);
});

// Issue 18: the signup page is prerendered HTML with a small script (signup-prerendered.spec.ts); the landing
// origin's standalone React app is now what it answers for the legal pages.
test('the standalone page at the landing origin brings its own federation runtime core, once, and works', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto(`${LANDING_URL}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
  const withCore = await scriptsWithRuntimeCore(page, scripts);
  expect(withCore).toHaveLength(1);
  expect(withCore[0]).toMatch(new RegExp(`^${LANDING_URL}/federation-runtime\\.[0-9a-f]{10}\\.js$`));
  // The standalone page is its own host: the container entry is for other hosts.
  expect(scripts.filter((s) => s.url.includes('/remoteEntry.js'))).toEqual([]);
});

test('a landing built for another federation runtime core is refused before its remoteEntry.js runs', async ({ page }) => {
  await page.route(`${LANDING_URL}/mf-manifest.json*`, async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as { metaData: Record<string, unknown> };
    manifest.metaData.externalRuntime = '0.0.1-altro';
    await route.fulfill({ response, json: manifest });
  });
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await withCookieChoiceSaved(page);
  await page.goto('/privacy');
  await expect(page.getByText('versione incompatibile', { exact: false })).toBeVisible({ timeout: 20_000 });
  expect(requested.filter((url) => url.startsWith(`${LANDING_URL}/remoteEntry.js`))).toEqual([]);
  expect(errors.join('\n')).toContain('costruito per il runtime Module Federation 0.0.1-altro');
});
