/**
 * Independent delivery, per remote, on a composition of the file's own (src/own-composition.ts: the same builds
 * on servers of its own, one run-time config of its own, the shared API), so the journeys running beside it
 * never see a re-pointed or stopped remote: a stopped server is contained and recovers with 'Riprova'; a new
 * version deployed to a new origin by editing the run-time config (no shell rebuild or restart) is the next
 * load's, and rolls back; a build against an older compatible @loyalty/shared loads, one against another major
 * is refused clearly. The faults a remote's origin can have are in delivery-faults.spec.ts. Test titles start
 * with [remote]: the summary reporter prints one line per remote.
 */
import { test, expect } from '@playwright/test';
import { NAMES, REMOTES, area, deliveryComposition, expectContained, expectWorking, versionOf } from '../src/delivery';
import { OWN_COMPOSITIONS } from '../src/own-composition';
import { loginThroughApi } from '../src/session';
import { NEW_VERSION, SHARED_MAJOR, SHARED_VERSION, variantDir, variantsReady } from '../src/variants';

const composition = deliveryComposition('delivery', OWN_COMPOSITIONS.delivery);
const { originalUrls, own } = composition;
/** Extra origins of the composition's block: the new versions (0–4), the version-skew builds (5–7). */
const PORT = { newVersion: 0, skew: 5 };

// First the drills that need no variant: they run while the variants may still be building.
for (const name of NAMES) {
  const { route } = REMOTES[name];

  test(`[${name}] fault: server stopped`, async ({ page }) => {
    await loginThroughApi(page);
    await own().stopApp(name);
    try {
      await page.goto(route);
      await expectContained(page, name);
      // expectContained navigated elsewhere: back to the broken area, then the remote comes back and
      // 'Riprova' recovers it without a page reload.
      await page.goto(route);
      const retry = area(page, name).getByRole('button', { name: 'Riprova' });
      await expect(retry).toBeVisible({ timeout: 30_000 });
      await own().restartApp(name);
      await retry.click();
      await expectWorking(page, name);
    } finally {
      await own().restartApp(name);
    }
  });
}

for (const name of NAMES) {
  const { route, secondRoute, dashboard } = REMOTES[name];

  test(`[${name}] redeploy to a new origin and roll back, without touching the shell`, async ({ page, browser }) => {
    // It may wait for the background build of the variants.
    test.setTimeout(10 * 60_000);
    const newOrigins = await composition.serveEach(variantDir.newVersion, PORT.newVersion);
    await loginThroughApi(page);
    await page.goto(route);
    await expectWorking(page, name);
    if (dashboard) await expect(versionOf(page, name)).toHaveText('1.0.0');

    own().pointRemote(name, `${newOrigins[name]}/mf-manifest.json`);

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
    own().pointRemote(name, originalUrls[name]);
    await fresh.goto(route);
    await expectWorking(fresh, name);
    if (dashboard) await expect(versionOf(fresh, name)).toHaveText('1.0.0');
    await fresh.close();
  });
}

test('[cards] version skew: an older compatible build of @loyalty/shared loads; a previous or next major is refused clearly', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  await variantsReady();
  const older = await own().serveFolder('cards', variantDir.sharedFirstOfMajor, own().extraPort(PORT.skew));
  const major = await own().serveFolder('cards', variantDir.sharedNextMajor, own().extraPort(PORT.skew + 1));
  const previous = await own().serveFolder('cards', variantDir.sharedPreviousMajor, own().extraPort(PORT.skew + 2));
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    own().pointRemote('cards', `${older.origin}/mf-manifest.json`);
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
      own().pointRemote('cards', `${refused.origin}/mf-manifest.json`);
      await page.goto('/dashboard/loyalty-cards');
      await expect(area(page, 'cards').getByText('versione incompatibile', { exact: false })).toBeVisible({ timeout: 20_000 });
    }
    await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).locator('a[href="/dashboard/documentation"]').click();
    await expectWorking(page, 'admin');
  } finally {
    own().pointRemote('cards', originalUrls.cards);
    await older.stop();
    await major.stop();
    await previous.stop();
  }
});
