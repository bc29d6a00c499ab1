/**
 * The dashboard's frame painted from the shell's HTML (tools/src/prerender.ts prerenderShellFrames): sidebar, top
 * bar and the screen's heading without any JavaScript and before any script or remote has loaded; hidden from a
 * visitor without a session, who goes to /login as before; under the Content-Security-Policy, whose hash allows
 * the one inline script; React then shows the same frame and the page.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
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
    for (const [pagePath, heading] of [
      ['/dashboard', 'Panoramica'],
      ['/dashboard/loyalty-cards', 'Carte Fedeltà'],
      ['/dashboard/campaigns', 'Campagne'],
      // A page without a sidebar entry: its route's placeholder heading (the counter page's, decision 092).
      ['/dashboard/add-points', 'Aggiungi punti'],
    ]) {
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

test('when the dashboard’s own code cannot be loaded, the page says so with «Riprova», which loads it once the network is back', async ({ page, baseURL }) => {
  await loginThroughApi(page);
  const shell = new URL(baseURL!).origin;
  // Every chunk of the shell's but its entry refused, as a dropped connection would: the start-up's libraries
  // (decision 106's stages) never arrive.
  const refused = (url: URL) => url.origin === shell && url.pathname.endsWith('.js') && url.pathname !== '/main.js';
  await page.route(refused, (route) => route.abort('internetdisconnected'));
  await page.goto('/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: 'Impossibile caricare la dashboard. Controlla la connessione e riprova.' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  // Where the screen spun: the frame and its heading painted from the HTML stay, the spinner is gone.
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  const retry = alert.getByRole('button', { name: 'Riprova' });
  await expect(retry).toBeFocused();

  await page.unroute(refused);
  await retry.click();
  await expect(page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Panoramica' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 20_000 });
  await expect(alert).toHaveCount(0);
});

/**
 * At each viewport, `measure` on the frame painted from the HTML (every script held back; `painted` checks it),
 * then on the page (`written` waits for it and checks it, the frame gone): the two must be equal.
 */
async function paintedWhereWritten(
  page: Page,
  path: string,
  viewports: { width: number; height: number }[],
  checks: { painted?: () => Promise<void>; written: () => Promise<void> },
  measure: () => Promise<Record<string, unknown>>,
) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.route(/\.js(\?|$)/, () => undefined);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('[data-prerendered-frame]')).toBeVisible();
    await checks.painted?.();
    const painted = await measure();
    await page.unroute(/\.js(\?|$)/);
    await page.goto(path);
    await checks.written();
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    expect(await measure(), `${viewport.width} px`).toEqual(painted);
  }
}

/** Each part's box, once it is shown: what `paintedWhereWritten` compares. */
const boxesOf = (parts: Record<string, Locator>) => async () => {
  const measured: Record<string, unknown> = {};
  for (const [name, locator] of Object.entries(parts)) {
    await expect(locator).toBeVisible();
    measured[name] = await locator.boundingBox();
  }
  return measured;
};

test('the counter page’s heading, painted from the HTML, is where the page then writes it, on a phone and a desktop', async ({ page }) => {
  await loginThroughApi(page);
  const cards = await apiCall<{ id: string; user_id: string }[]>('GET', '/loyalty-cards/business/default-business-id', await apiToken());
  const path = `/dashboard/add-points?card_id=${encodeURIComponent(cards[0].id)}&user_id=${encodeURIComponent(cards[0].user_id)}`;
  const heading = page.getByRole('heading', { level: 1, name: 'Aggiungi punti' });
  await paintedWhereWritten(
    page,
    path,
    [{ width: 412, height: 823 }, { width: 1280, height: 800 }],
    { written: () => expect(page.getByRole('form', { name: 'Vendita' })).toBeVisible({ timeout: 20_000 }) },
    async () => {
      await expect(heading).toBeVisible();
      const { x, y, height } = (await heading.boundingBox())!;
      return { x, y, height };
    },
  );
});

test('the campaigns screen’s head, painted from the HTML, is where the page then writes it, on a phone and a desktop', async ({ page }) => {
  // Decision 093: the title row with its main action and the lead paragraph, shared's SCREEN_HEADS.campaigns.
  await loginThroughApi(page);
  const parts = {
    heading: page.getByRole('heading', { level: 1, name: 'Campagne' }),
    action: page.getByRole('button', { name: 'Crea Nuova Campagna' }),
    lead: page.getByRole('main').getByText(/^Crea e invia campagne WhatsApp, SMS ed Email/),
  };
  await paintedWhereWritten(
    page,
    '/dashboard/campaigns',
    [{ width: 360, height: 740 }, { width: 412, height: 823 }, { width: 1280, height: 800 }],
    {
      // Disabled in the frame, as the page's is until the shop is known; then enabled.
      painted: () => expect(parts.action).toBeDisabled(),
      written: async () => {
        await expect(page.getByRole('searchbox', { name: 'Cerca campagne' })).toBeVisible({ timeout: 20_000 });
        await expect(parts.action).toBeEnabled();
      },
    },
    boxesOf(parts),
  );
});

test('the cards screen’s head and search, painted from the HTML, are where the page then writes them, on a phone and a desktop', async ({ page }) => {
  // Decision 094: the title row with «Scansiona», then the search and the status filter, shared's SCREEN_HEADS.cards;
  // the WhatsApp notice and the owner's tools come after them.
  await loginThroughApi(page);
  const parts = {
    heading: page.getByRole('heading', { level: 1, name: 'Carte Fedeltà' }),
    action: page.getByRole('button', { name: 'Scansiona' }),
    search: page.getByRole('searchbox', { name: 'Cerca per nome, e-mail, numero carta o telefono' }),
    status: page.getByRole('combobox', { name: 'Stato' }),
  };
  await paintedWhereWritten(
    page,
    '/dashboard/loyalty-cards',
    [{ width: 360, height: 740 }, { width: 412, height: 823 }, { width: 1280, height: 800 }],
    {
      // Disabled in the frame: nothing can be typed before the page can use it.
      painted: async () => {
        for (const part of [parts.action, parts.search, parts.status]) await expect(part).toBeDisabled();
      },
      written: async () => {
        await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first()).toBeAttached({ timeout: 20_000 });
        for (const part of [parts.action, parts.search, parts.status]) await expect(part).toBeEnabled();
      },
    },
    boxesOf(parts),
  );
});

test('on a phone the menu opens and closes from the keyboard, the focus back on «Apri menu»', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginThroughApi(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  // The heading is painted from the HTML before any script. The HTML frame's «Apri menu» opens its drawer (the last
  // test) but moves no focus: this focus handling is React's drawer's, so the menu is tried once the page is in.
  await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const toggle = page.getByRole('button', { name: 'Apri menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const firstLink = page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link').first();
  await expect(firstLink).toBeFocused();
  // Escape hides the drawer and its links: the keyboard goes on from the button that opened it, not the page's top.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Apri menu' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Apri menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('on a phone the menu opened while the session is checked stays open when the page comes in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginThroughApi(page);
  // The session check held back: React shows the frame around the screen's placeholder, then the page's own frame.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/auth\/me(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Apri menu' }).click();
  // Open (its links wait for the session: they depend on the role).
  await expect(page.getByRole('button', { name: 'Chiudi menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('complementary', { name: 'Menu principale' })).toBeVisible();
  answer();
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  // The same drawer, still open over the page: the frames' swap kept its state.
  await expect(page.getByRole('button', { name: 'Chiudi menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link').first()).toBeVisible();
});

test('on a phone «Apri menu» in the HTML frame opens the menu before any script, and the app keeps it open', async ({ page }) => {
  const violations = cspViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginThroughApi(page);
  // Every script file held back until the tap has been seen: only the HTML and its one inline script have run.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const frame = page.locator('[data-prerendered-frame]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Menu principale' });
  await expect(sidebar).toBeHidden();
  await frame.getByRole('button', { name: 'Apri menu' }).click();
  // The HTML's own drawer: open and said so, with no script but the gate.
  await expect(frame.getByRole('button', { name: 'Chiudi menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar).toBeVisible();
  await expect(sidebar).toBeInViewport();
  release();
  // React takes over the frame: the drawer it draws is the one the tap opened.
  await expect(frame).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Chiudi menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-menu-open', /.*/);
  // Closed as ever (the backdrop covers the top bar: Escape, or a tap beside the drawer).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Apri menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();
  expect(violations).toEqual([]);
});
