/**
 * Accessibility: every screen of every remote passes axe-core with no serious or critical
 * violations (WCAG 2.1 A/AA rules), in a desktop and a phone viewport, and the keyboard alone reaches
 * every control of the dashboard frame and of the screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { E2E_API_PORT, E2E_PORTS } from '../src/env';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { loginThroughApi } from '../src/session';

const LANDING = `http://localhost:${E2E_PORTS.landing}`;
const PUBLIC_SCREENS = ['/login', '/privacy', '/cookie-policy', '/loyalty-cards/create?business_id=default-business-id', '/my-card'];
const DASHBOARD_SCREENS = [
  '/dashboard',
  '/dashboard/loyalty-cards',
  '/dashboard/campaigns',
  '/campaign-success',
  '/dashboard/easy-sms',
  '/dashboard/twilio-settings',
  '/dashboard/users',
  '/dashboard/settings',
  '/dashboard/documentation',
];
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

async function firstCard(): Promise<{ id: string; user_id: string }> {
  const api = `http://127.0.0.1:${E2E_API_PORT}/api`;
  const { token } = (await (
    await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_SUPERADMIN) })
  ).json()) as { token: string };
  const cards = (await (await fetch(`${api}/loyalty-cards/business/default-business-id`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    user_id: string;
  }[];
  return cards[0];
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

// Each test only reads (the demo shop's screens, one card of it) and the walks are the longest of the journeys:
// they spread over the workers rather than run one after another on one.
test.describe.configure({ mode: 'parallel' });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`[a11y] ${viewportName}`, () => {
    test.use({ viewport, isMobile: viewportName === 'phone', hasTouch: viewportName === 'phone' });

    test('public screens (shell and the landing origin)', async ({ page }) => {
      const report: Record<string, string[]> = {};
      for (const base of ['', LANDING]) {
        for (const screen of PUBLIC_SCREENS) {
          await page.goto(`${base}${screen}`);
          await settled(page);
          const found = await seriousViolations(page);
          if (found.length) report[`${base || 'shell'}${screen}`] = found;
        }
      }
      expect(report).toEqual({});
    });

    test('dashboard screens as super admin (every tab)', async ({ page }) => {
      // Ten screens and their tabs, each loaded, settled and checked by axe: more than the default minute on
      // a busy two-core machine (the assertions are per screen; the budget is for the whole walk).
      test.setTimeout(180_000);
      const card = await firstCard();
      await loginThroughApi(page, DEMO_SUPERADMIN);
      const report: Record<string, string[]> = {};
      for (const screen of [...DASHBOARD_SCREENS, `/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`]) {
        await page.goto(screen);
        await settled(page);
        const found = await seriousViolations(page);
        if (found.length) report[screen] = found;
        // Every tab of the screen too.
        const tabs = page.locator('[data-remote] [role="tab"]');
        for (let i = 1; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          const inTab = await seriousViolations(page);
          if (inTab.length) report[`${screen} (tab ${i + 1})`] = inTab;
        }
      }
      expect(report).toEqual({});
    });
  });
}

test('[a11y] the keyboard alone reaches the sidebar, the switcher and every control of a screen', async ({ page }) => {
  await loginThroughApi(page, DEMO_SUPERADMIN);
  for (const screen of DASHBOARD_SCREENS) {
    await page.goto(screen);
    await settled(page);
    // Every visible, enabled control in the screen is in the tab order.
    const unreachable = await page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('[data-remote] :is(a[href], button, input, select, textarea, [role="tab"], [role="button"])')];
      return controls
        .filter((el) => el.offsetParent !== null && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-hidden') !== 'true')
        .filter((el) => el.tabIndex < 0 && el.getAttribute('role') !== 'tab')
        .map((el) => el.outerHTML.slice(0, 120));
    });
    expect(unreachable, `${screen}: controls out of the tab order`).toEqual([]);
  }
  // Tabbing from the top reaches the sidebar links and then the screen's own controls.
  await page.goto('/dashboard/settings');
  await settled(page);
  const reached = new Set<string>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        return `${el.closest('[data-remote]') ? 'remote' : el.closest('nav') ? 'nav' : 'shell'}:${el.textContent?.trim().slice(0, 40) ?? ''}`;
      }),
    );
  }
  expect([...reached].some((r) => r.startsWith('nav:'))).toBe(true);
  expect([...reached].some((r) => r.startsWith('remote:'))).toBe(true);
  expect([...reached].some((r) => /Attività corrente/.test(r) || r.startsWith('shell:'))).toBe(true);
});
