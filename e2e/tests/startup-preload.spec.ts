/**
 * What a page needs to start is asked for up front (docs/decisions/018-startup-preload.md, amended by 029):
 * the HTML preloads the bootstrap chunk, the shared libraries and the run-time config; the entry has Module
 * Federation's preloadRemote fetch the first page's remote manifest and entry and hint the page's chunks.
 * Every hint must be used, nothing fetched twice, and no startup script discovered late.
 */
import { test, expect, type Page } from '@playwright/test';
import { E2E_PORTS, SHELL_URL } from '../src/env';
import { LANDING_URL, withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';

const CARDS_URL = `http://localhost:${E2E_PORTS.cards}`;

/** Every request of the page, in order, until `stop()` is called. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  let recording = true;
  page.on('request', (req) => {
    if (recording) urls.push(req.url());
  });
  return { urls, stop: () => (recording = false) };
}

/**
 * Every preload hint the page had, from its HTML or added later: the federation runtime removes its own
 * hints once they have loaded, so they are recorded as they are added.
 */
async function recordHints(page: Page) {
  await page.addInitScript(() => {
    const seen: { href: string; as: string | null }[] = [];
    (window as unknown as { __preloadHints: typeof seen }).__preloadHints = seen;
    const note = (node: Node) => {
      if (node instanceof HTMLLinkElement && node.rel === 'preload') seen.push({ href: node.href, as: node.getAttribute('as') });
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note))).observe(document, { childList: true, subtree: true });
  });
}

async function preloadHints(page: Page) {
  return page.evaluate(() => (window as unknown as { __preloadHints: { href: string; as: string | null }[] }).__preloadHints);
}

const withoutQuery = (url: string) => url.split('?')[0];

function expectEachOnce(urls: string[], wanted: string[]) {
  for (const url of wanted) expect(urls.filter((u) => withoutQuery(u) === url), url).toHaveLength(1);
}

// /login is the landing's prerendered page with one small script (e2e login-prerendered.spec.ts); the
// landing remote's page inside the shell is now a legal page.
test('/privacy: the shell\'s startup chunks, the config and the landing\'s page come from hints, each requested once', async ({ page }) => {
  await withCookieChoiceSaved(page);
  await recordHints(page);
  const requests = recordRequests(page);
  await page.goto('/privacy');
  await expect(page.locator('[data-remote="landing"]').getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
  const scriptsBeforeForm = requests.urls.filter((u) => /\.js(\?|$)/.test(u)).map(withoutQuery);
  await page.waitForLoadState('networkidle');
  requests.stop();

  const hints = await preloadHints(page);
  const hinted = hints.map((h) => h.href);
  // From the HTML: the config and the shell's own chunks; from the runtime's preloadRemote: the page's chunks.
  expect(hints).toContainEqual({ href: `${SHELL_URL}/runtime-config.json`, as: 'fetch' });
  expect(hinted.filter((h) => h.startsWith(`${SHELL_URL}/`) && h.endsWith('.js')).length).toBeGreaterThanOrEqual(5);
  expect(hinted.some((h) => /^.*\/__federation_expose_LegalPage\.[0-9a-f]+\.js$/.test(h) && h.startsWith(LANDING_URL))).toBe(true);

  // Every hint was used, once: a hint that does not match the real request would show as a second download.
  expectEachOnce(requests.urls, hinted);
  expectEachOnce(requests.urls, [`${LANDING_URL}/mf-manifest.json`, `${LANDING_URL}/remoteEntry.slim.js`]);
  // Nothing the page needed was found late: every script before it was hinted, but the entry and the
  // remote's entry, which preloadRemote runs as soon as the manifest is in.
  expect(scriptsBeforeForm.filter((u) => u !== `${SHELL_URL}/main.js` && u !== `${LANDING_URL}/remoteEntry.slim.js` && !hinted.includes(u))).toEqual([]);
  // And no other remote for a visitor.
  expect(requests.urls.filter((u) => u.startsWith(CARDS_URL))).toEqual([]);
});

test('/dashboard for a signed-in user: the cards remote\'s overview starts from the entry, not the route', async ({ page }) => {
  await loginThroughApi(page);
  await recordHints(page);
  const requests = recordRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  // The heading is painted from the HTML (the shell's prerendered frame) and `load` does not wait for the runtime's
  // manifest fetch: on a fast host both came before preloadRemote had added the overview's hints (red once in a
  // fresh-clone run). The overview in, its area no longer busy, the route has loaded its module: every hint is in.
  await expect(page.locator('[data-remote="cards"][aria-busy="false"]')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('load');
  // Not 'networkidle': the dashboard keeps its session-events stream open (decision 078). Every hint's request seen.
  const hinted = (await preloadHints(page)).map((h) => h.href);
  await expect.poll(() => hinted.filter((h) => !requests.urls.includes(h))).toEqual([]);
  requests.stop();

  expect(hinted.some((h) => h.startsWith(`${CARDS_URL}/__federation_expose_Overview.`))).toBe(true);
  expectEachOnce(requests.urls, hinted);
  expectEachOnce(requests.urls, [`${CARDS_URL}/mf-manifest.json`, `${CARDS_URL}/remoteEntry.slim.js`]);
  // The slim entry instead of the full one, not as well (decision 112).
  expect(requests.urls.filter((u) => withoutQuery(u) === `${CARDS_URL}/remoteEntry.js`)).toEqual([]);
  expect(requests.urls.filter((u) => u.startsWith(LANDING_URL))).toEqual([]);
  // The overview writes amounts but has no form: shared's form rules (and the zod they carry) stay on the server
  // until a form is used (decision 107). An import of the sale's input rules once brought 12 KB of them here.
  const manifest = (await (await page.request.get(`${CARDS_URL}/mf-manifest.json`)).json()) as { shared: { name: string; assets: { js: { sync: string[] } } }[] };
  const formRules = manifest.shared.find((s) => s.name === '@loyalty/shared/forms')?.assets.js.sync.map((f) => `${CARDS_URL}/${f}`) ?? [];
  expect(formRules.length).toBeGreaterThan(0);
  expect(requests.urls.map(withoutQuery).filter((u) => formRules.includes(u))).toEqual([]);
});

// The signup page is prerendered (signup-prerendered.spec.ts); the landing origin's standalone
// React app, with its hints, is what it answers for the legal pages.
test('the standalone page at the landing origin uses every hint of its own HTML, once', async ({ page }) => {
  await recordHints(page);
  const requests = recordRequests(page);
  await page.goto(`${LANDING_URL}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  requests.stop();

  const hints = await preloadHints(page);
  const hinted = hints.map((h) => h.href);
  // The standalone page reads the run-time config before it renders, too.
  expect(hints).toContainEqual({ href: `${LANDING_URL}/runtime-config.json`, as: 'fetch' });
  expect(hinted.length).toBeGreaterThanOrEqual(5);
  expectEachOnce(requests.urls, hinted);
});
