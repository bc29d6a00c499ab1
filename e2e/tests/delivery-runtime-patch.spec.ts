/**
 * Delivery drill: remotes deploy alone again (docs/decisions/029-remotes-bring-their-runtime.md).
 * A cards remote built with the previous patch release of `@module-federation/*` (2.9.1, the root
 * devDependency `mf-enhanced-previous`) is deployed to its own origin by editing the run-time config and works
 * inside the shell built with ours (2.9.2): no shell rebuild, and the rest of the dashboard untouched. On a
 * composition of the file's own (src/own-composition.ts): the journeys beside it keep the composition's cards.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { bundledRuntimeVersion } from '@loyalty/tools';
import { OWN_COMPOSITIONS, ownShellUrl, startOwnComposition } from '../src/own-composition';
import { loginThroughApi } from '../src/session';
import { PREVIOUS_PATCH_VERSION as VERSION, variantDir, variantsReady } from '../src/variants';

const OUT = variantDir.federationPreviousPatch;
const SHELL_RUNTIME = bundledRuntimeVersion('current');
const REMOTE_RUNTIME = bundledRuntimeVersion('previous-patch');

function federationInstances(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; version: string }[] } }).__FEDERATION__.__INSTANCES__.map((i) => ({ name: i.name, version: i.version })),
  );
}

test.use({ baseURL: ownShellUrl(OWN_COMPOSITIONS.runtimePatch) });

test('[cards] a remote built with another patch release of Module Federation than the shell loads and works', async ({ page }) => {
  // It may start before the background build of the variants has ended.
  test.setTimeout(12 * 60_000);
  // The premise: another patch of the same minor, not ours.
  expect(REMOTE_RUNTIME).not.toBe(SHELL_RUNTIME);
  expect(REMOTE_RUNTIME.split('.').slice(0, 2)).toEqual(SHELL_RUNTIME.split('.').slice(0, 2));

  // Built in the background since global setup (src/variants.ts), with the other variants.
  await variantsReady();
  // The built container really carries the other runtime (the core sets its instance's version).
  const remoteEntry = fs.readFileSync(path.join(OUT, 'remoteEntry.js'), 'utf8');
  // (`version="2.9.1"` minified, `version = "2.9.1"` in the drills' lean builds)
  expect(remoteEntry).toMatch(new RegExp(`version\\s*=\\s*"${REMOTE_RUNTIME.replaceAll('.', '\\.')}"`));
  expect(remoteEntry).not.toContain(`"${SHELL_RUNTIME}"`);
  // Its slim entry (decision 112) is made for its own core, which the shell does not have: the shell must not take it.
  const manifest = JSON.parse(fs.readFileSync(path.join(OUT, 'mf-manifest.json'), 'utf8')) as { metaData: { slimEntry?: unknown } };
  expect(manifest.metaData.slimEntry).toEqual({ name: 'remoteEntry.slim.js', runtimeCore: REMOTE_RUNTIME });
  expect(fs.existsSync(path.join(OUT, 'remoteEntry.slim.js'))).toBe(true);

  const own = await startOwnComposition('runtime-patch', OWN_COMPOSITIONS.runtimePatch);
  const server = await own.serveFolder('cards', OUT, own.extraPort(0));
  const errors: string[] = [];
  // The browser's own favicon request (the shell serves none) is no error of the page.
  page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} (${m.location().url})`));
  try {
    own.pointRemote('cards', `${server.origin}/mf-manifest.json`);
    await loginThroughApi(page);
    const scripts: string[] = [];
    page.on('response', (r) => scripts.push(r.url()));
    await page.goto('/dashboard/loyalty-cards');
    const cards = page.locator('[data-remote="cards"]');
    await expect(cards.locator('h1')).toBeVisible({ timeout: 20_000 });
    await expect(cards.getByRole('button', { name: 'Riprova' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('version-footer').locator('[data-version-of="cards"]')).toHaveText(VERSION);
    expect(scripts.some((u) => u.startsWith(`${server.origin}/remoteEntry.js`))).toBe(true);
    expect(scripts.filter((u) => u.startsWith(`${server.origin}/remoteEntry.slim.js`))).toEqual([]);
    // Two runtimes on the page, each the one its build bundled, sharing one registry (and one @loyalty/shared).
    expect(await federationInstances(page)).toEqual([
      { name: 'shell', version: SHELL_RUNTIME },
      { name: 'cards', version: REMOTE_RUNTIME },
    ]);
    // Its second page, and another remote next to it, keep working.
    await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).locator('a[href="/dashboard"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).locator('a[href="/dashboard/documentation"]').click();
    await expect(page.locator('[data-remote="admin"]').locator('h1')).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
    await own.stop();
  }
});
