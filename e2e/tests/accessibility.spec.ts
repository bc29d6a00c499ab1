/**
 * Accessibility: every public screen passes axe-core with no serious or critical violations (WCAG 2.1 A/AA
 * rules) and every dashboard screen with none at all, in a desktop (1280 px) and a phone (360 px) viewport; no
 * screen, public or dashboard, scrolls the page sideways at either width; the skip link reaches the cards screen's search
 * in at most 3 Tab presses; the keyboard alone reaches every control of the dashboard frame and of the screen.
 */
import { test, expect, type Page } from '@playwright/test';
import { screenProblems, seriousViolations, sidewaysProblems } from '../src/accessibility';
import { E2E_API_PORT, E2E_PORTS } from '../src/env';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { loginThroughApi } from '../src/session';

const LANDING = `http://localhost:${E2E_PORTS.landing}`;
const PUBLIC_SCREENS = ['/login', '/privacy', '/cookie-policy', '/loyalty-cards/create?business_id=default-business-id', '/my-card'];
const DASHBOARD_SCREENS = [
  '/dashboard',
  '/dashboard/loyalty-cards',
  '/dashboard/campaigns',
  '/dashboard/automations',
  '/dashboard/rewards',
  '/campaign-success',
  '/dashboard/easy-sms',
  '/dashboard/twilio-settings',
  '/dashboard/outbox',
  '/dashboard/users',
  '/dashboard/settings',
  '/dashboard/documentation',
];
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  // The narrowest phone still common in shops.
  phone: { width: 360, height: 780 },
};

const API = `http://127.0.0.1:${E2E_API_PORT}/api`;

async function superAdminToken(): Promise<string> {
  const res = await fetch(`${API}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_SUPERADMIN) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function firstCard(token: string): Promise<{ id: string; user_id: string }> {
  const cards = (await (await fetch(`${API}/loyalty-cards/business/default-business-id`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    user_id: string;
  }[];
  return cards[0];
}

/**
 * At least one message in the demo shop's Outbox, so its table is there to measure at 360 px: a connection
 * test, which the demo's outbox driver records (only adds a row, as other journeys' sends do).
 */
async function oneOutboxMessage(token: string): Promise<void> {
  const tries: [string, string][] = [['whatsapp', '+393331234567'], ['sms', '+393331234567'], ['email', 'prova.outbox@example.it']];
  for (const [service, testRecipient] of tries) {
    const res = await fetch(`${API}/twilio/test-connection`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ businessId: 'default-business-id', service, testRecipient }),
    });
    if (res.ok) return;
  }
  throw new Error('no channel of the demo shop records a connection test');
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
      // Every public screen on both origins, each loaded, settled and checked by axe: more than the default minute
      // at the start of the journeys, beside the variants' build on a two-core machine (CI: axe's evaluate ran out
      // of the minute at load 17). The assertions are per screen; the budget is for the whole walk.
      test.setTimeout(180_000);
      const report: Record<string, string[]> = {};
      for (const base of ['', LANDING]) {
        for (const screen of PUBLIC_SCREENS) {
          await page.goto(`${base}${screen}`);
          await settled(page);
          const found = [...(await seriousViolations(page)), ...(await sidewaysProblems(page))];
          if (found.length) report[`${base || 'shell'}${screen}`] = found;
        }
      }
      expect(report).toEqual({});
    });

    test('dashboard screens as super admin (every tab, the ledger): no axe violation, no sideways scrolling', async ({ page }) => {
      // Thirteen screens and their tabs, each loaded, settled and checked by axe: more than the default minute
      // on a busy two-core machine (the assertions are per screen; the budget is for the whole walk): 2.2–2.3 min
      // with one other journey beside it, over 4 min at load 22 beside three.
      test.setTimeout(420_000);
      const token = await superAdminToken();
      const card = await firstCard(token);
      await oneOutboxMessage(token);
      await loginThroughApi(page, DEMO_SUPERADMIN);
      const report: Record<string, string[]> = {};
      for (const screen of [...DASHBOARD_SCREENS, `/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`]) {
        await page.goto(screen);
        await settled(page);
        const found = await screenProblems(page);
        if (found.length) report[screen] = found;
        // Every tab of the screen too.
        const tabs = page.locator('[data-remote] [role="tab"]');
        for (let i = 1; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          const inTab = await screenProblems(page);
          if (inTab.length) report[`${screen} (tab ${i + 1})`] = inTab;
        }
      }
      // A card's ledger, the widest table of the cards screen, in its dialog.
      await page.goto('/dashboard/loyalty-cards');
      await settled(page);
      await page.getByRole('button', { name: /^Movimenti di / }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      const inLedger = await screenProblems(page);
      if (inLedger.length) report['/dashboard/loyalty-cards (ledger)'] = inLedger;
      expect(report).toEqual({});

      // From the top of the cards screen the skip link, then Enter, lands on the search: at most 3 Tab presses.
      await page.goto('/dashboard/loyalty-cards');
      await settled(page);
      const search = page.getByRole('searchbox', { name: 'Cerca per nome, e-mail, numero carta o telefono' });
      let presses = 0;
      while (presses < 3 && !(await search.evaluate((el) => el === document.activeElement))) {
        await page.keyboard.press('Tab');
        presses++;
        if (await page.getByRole('link', { name: 'Vai al contenuto' }).evaluate((el) => el === document.activeElement)) await page.keyboard.press('Enter');
      }
      await expect(search).toBeFocused();
    });
  });
}

/** The screens whose main action the skip link must reach, by its accessible name. */
const MAIN_ACTIONS: Record<string, RegExp> = {
  '/dashboard/loyalty-cards': /^Cerca per nome, e-mail, numero carta o telefono$/,
  '/dashboard/campaigns': /^Crea nuova campagna$/i,
  '/dashboard/rewards': /^Nuovo premio$/,
  '/dashboard/easy-sms': /^Cerca carte$/,
  '/dashboard/users': /^Email/,
  '/campaign-success': /^Torna alle campagne$/,
};

test('[a11y] from the top of every screen the skip link, then Enter, lands on its main action, else on the screen (3 Tab presses at most)', async ({ page }) => {
  // Twelve screens loaded and walked: the budget is for the whole walk (the dashboard walk's reason above).
  test.setTimeout(180_000);
  await loginThroughApi(page, DEMO_SUPERADMIN);
  const report: Record<string, string> = {};
  for (const screen of DASHBOARD_SCREENS) {
    await page.goto(screen);
    await settled(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused();
    await page.keyboard.press('Enter');
    const landed = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return { at: 'nothing', name: '' };
      const name = el.getAttribute('aria-label') || (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) || el.textContent || '';
      return { at: el.matches('[data-main-action]') ? 'action' : el.id === 'contenuto' ? 'screen' : el.tagName, name: name.trim() };
    });
    const expected = MAIN_ACTIONS[screen];
    if (expected) {
      if (landed.at !== 'action' || !expected.test(landed.name)) report[screen] = `landed on ${landed.at} «${landed.name}», expected ${expected}`;
      continue;
    }
    if (landed.at !== 'screen') {
      report[screen] = `landed on ${landed.at} «${landed.name}», expected the screen`;
      continue;
    }
    // From the screen, the next Tab is inside it: its first control (the third press from the top), when it has
    // one (the outbox of a shop with one page of messages has none).
    const controls = await page
      .locator('#contenuto :is(a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex="0"])')
      .filter({ visible: true })
      .count();
    if (controls === 0) continue;
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('#contenuto')));
    if (!inside) report[screen] = 'the Tab after the skip link left the screen';
  }
  expect(report).toEqual({});
});

test('[a11y] the keyboard alone reaches the sidebar, the switcher and every control of a screen', async ({ page }) => {
  // Twelve screens loaded and settled, then 60 Tab presses: the budget is for the whole walk, as for the axe walks.
  test.setTimeout(180_000);
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
