/**
 * The dashboard's frame painted from the shell's HTML (tools/src/prerender.ts prerenderShellFrames): sidebar, top
 * bar and the screen's heading without any JavaScript and before any script or remote has loaded; hidden from a
 * visitor without a session, who goes to /login as before; under the Content-Security-Policy, whose hash allows
 * the one inline script; React then shows the same frame and the page.
 */
import { test, expect, type Page } from '@playwright/test';
import { loginThroughApi } from '../src/session';

/** Every Content-Security-Policy report the page logs. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  return violations;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the frame and each screen heading are in the HTML', async ({ page }) => {
    for (const [pagePath, heading] of [['/dashboard', 'Panoramica'], ['/dashboard/loyalty-cards', 'Carte Fedeltà'], ['/dashboard/campaigns', 'Campagne']]) {
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Menu principale' })).toBeVisible();
      await expect(page.getByTestId('version-footer').locator('[data-version-of="shell"]')).toHaveText(/\d+\.\d+\.\d+/);
    }
  });
});

test.describe('before any script has loaded', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Every script file held back: only the HTML (and its one inline script) has run. The deferred scripts hold
  // DOMContentLoaded back too, so the page is awaited from its first bytes.
  const holdScripts = (page: Page) => page.route(/\.js(\?|$)/, () => undefined);

  test('a stored session sees the frame with the sidebar and the heading, no policy violation', async ({ page }) => {
    const violations = cspViolations(page);
    await loginThroughApi(page);
    await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sezioni della dashboard' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a visitor without a session never sees the frame', async ({ page }) => {
    const violations = cspViolations(page);
    await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-signed-out', '');
    await expect(page.locator('[data-prerendered-frame]')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Panoramica' })).toBeHidden();
    expect(violations).toEqual([]);
  });
});

test('a visitor without a session still goes to /login, the frame never shown on the way', async ({ page }) => {
  // Kept in sessionStorage: the way to /login is a full page load.
  await page.addInitScript(() => {
    if (location.pathname !== '/dashboard/campaigns') return;
    const check = () => {
      const frame = document.querySelector('[data-prerendered-frame]');
      if (frame && frame.getBoundingClientRect().height > 0) sessionStorage.setItem('frameSeen', 'yes');
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', check);
  });
  await page.goto('/dashboard/campaigns');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('frameSeen'))).toBeNull();
});

test('signed in, React takes over the frame: the sidebar fills in and the page replaces the placeholder', async ({ page }) => {
  const violations = cspViolations(page);
  await loginThroughApi(page);
  await page.goto('/dashboard/loyalty-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Carte Fedeltà' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Panoramica' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-remote="cards"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(violations).toEqual([]);
});
