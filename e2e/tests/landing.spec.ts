/**
 * The landing remote in Chromium: at its own origin (what customers reach) and inside the shell.
 */
import { test, expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, recordScripts } from '../src/fixtures';
import { LANDING_URL, LIBRARY_MARKERS, closeColors, e2eRuntimeConfig, readPngWithQr, rgbOf, withCookieChoiceSaved } from '../src/landing';
import { SHELL_URL } from '../src/env';

const PHONE = { width: 390, height: 844 };

async function scriptsContaining(scripts: ReturnType<typeof recordScripts>, marker: string) {
  const bodies = await Promise.all(scripts.map((s) => s.body));
  return scripts.filter((_, i) => bodies[i].includes(marker)).map((s) => s.url);
}

async function expectLandingPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: /Carte fedeltà digitali/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(nav.getByRole('link', { name: 'Funzionalità' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Prezzi' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Accedi' })).toBeVisible();
  await expect(page.getByText(/aumentano il fatturato in media del 20% in meno di 6 mesi/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Settori' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pacchetto WhatsApp' })).toContainText('Popolare');
  await expect(page.getByRole('region', { name: 'Pacchetto Completo' })).toContainText('Migliore');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  // The configured number, shown in the Italian national format (shared formatPhone).
  await expect(footer.locator(`a[href="tel:${e2eRuntimeConfig().support.phone.replace(/[^\d+]/g, '')}"]`)).toBeVisible();
}

/**
 * The charts are SVG in the prerendered HTML (docs/decisions/028): no chart library and no QR library is
 * ever downloaded by the landing page.
 */
async function expectSvgCharts(page: Page, scripts: ReturnType<typeof recordScripts>) {
  await page.waitForLoadState('networkidle');
  await page.getByText('Fatturato mensile: reale e previsto').scrollIntoViewIfNeeded();
  await expect(page.locator('svg[data-chart]')).toHaveCount(2);
  await expect(page.locator('svg[data-chart="revenue"] path[data-series]')).toHaveCount(2);
  await expect(page.locator('svg[data-chart="extra"] rect[data-series]')).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  expect(await scriptsContaining(scripts, LIBRARY_MARKERS.recharts)).toEqual([]);
  expect(await scriptsContaining(scripts, LIBRARY_MARKERS.qrcode)).toEqual([]);
}

test.describe('at the landing origin', () => {
  test('shows the prerendered landing page with its SVG charts and keeps the cookie choice', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto(`${LANDING_URL}/login`);
    await expectLandingPage(page);
    await expectSvgCharts(page, scripts);

    const banner = page.getByRole('region', { name: 'Preferenze sui cookie' });
    await banner.getByRole('button', { name: 'Rifiuta facoltativi' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookiePrefs'))).toBe(
      JSON.stringify({ essential: true, analytics: false, marketing: false }),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Preferenze cookie' }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('checkbox', { name: 'Analitici' })).not.toBeChecked();
  });

  test('keyboard only: the mobile menu on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await withCookieChoiceSaved(page);
    await page.goto(`${LANDING_URL}/login`);
    await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await page.keyboard.press('Tab'); // brand link
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Funzionalità' })).toBeFocused();
    // Focus stays inside the open menu.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Funzionalità' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Prezzi' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Prezzi' })).toBeInViewport();
  });

  test('a customer signs up on a phone and downloads a card whose QR opens add-points for it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const scripts = recordScripts(page);
    await page.goto(`${LANDING_URL}/loyalty-cards/create?business_id=default-business-id`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ottieni la tua Carta Fedeltà' })).toBeVisible();
    await expect(page.getByText('Bar Centrale')).toBeVisible();
    // The page is prerendered; its one small script carries the form and the card drawing with
    // its QR code (no React, no federation runtime, no chunk fetched later).
    await page.waitForLoadState('networkidle');
    expect(scripts.map((s) => s.url)).toEqual([expect.stringMatching(/\/signup\.[0-9a-f]{10}\.js$/)]);
    expect(await scriptsContaining(scripts, LIBRARY_MARKERS.qrcode)).toEqual(scripts.map((s) => s.url));

    await page.getByRole('button', { name: 'Ottieni' }).click();
    await expect(page.getByText('Campo "email" è obbligatorio')).toBeVisible();
    await expect(page.getByText('Campo "nome completo" è obbligatorio')).toBeVisible();
    await expect(page.getByText('Campo "numero di telefono" obbligatorio')).toBeVisible();

    const email = `cliente.${Date.now()}@example.it`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Nome completo').fill('Giulia Bianchi');
    await page.getByLabel('Numero di telefono').fill('+39 333 1112233');
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    const created = page.waitForResponse((res) => res.url().endsWith('/api/users/loyalty-cards/create') && res.ok());
    await page.getByRole('button', { name: 'Ottieni' }).click();
    const request = (await created).request().postDataJSON() as Record<string, unknown>;
    expect(request).toMatchObject({ email, full_name: 'Giulia Bianchi', role: 'client', business_id: 'default-business-id', privacy_ack: true, marketing_channels: [] });
    const card = (await (await created).json()) as { id: string; user_id: string };

    await expect(page.getByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' })).toBeVisible();
    const download = page.getByRole('button', { name: 'Scarica la carta (PNG)' });
    await expect(download).toBeEnabled();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const { brandName, dashboardBaseUrl } = e2eRuntimeConfig();
    expect(file.suggestedFilename()).toBe(`${brandName.toLowerCase()}-carta-fedelta.png`);
    const png = readPngWithQr(await file.path());
    expect({ width: png.width, height: png.height }).toEqual({ width: 400, height: 250 });
    expect(png.qr).toBe(`${dashboardBaseUrl}/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`);
    // Bar Centrale has no shop colour: the dark blue card (its top-left corner), white names.
    expect(closeColors(png.pixel(1, 1), rgbOf('#1e3a8a')), `corner ${png.pixel(1, 1).join(',')}`).toBe(true);
  });
});

test.describe('inside the shell', () => {
  // The shell's /login is the landing's prerendered page (composed by the shell's server), not the
  // landing remote's React page; the legal pages are still the landing remote inside the shell.
  test('shows the landing\'s prerendered page, with SVG charts, and the legal pages', async ({ page }) => {
    const scripts = recordScripts(page);
    await withCookieChoiceSaved(page);
    await page.goto('/login');
    await expectLandingPage(page);
    await expect(page.locator('form[data-login-form]')).toBeVisible();
    await expectSvgCharts(page, scripts);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy' }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    const storage = page.getByRole('table', { name: 'Dati salvati nel browser (local storage)' });
    for (const key of ['token', 'cookiePrefs', 'loginLockedUntil']) {
      await expect(storage.getByRole('rowheader', { name: key })).toBeVisible();
    }
    await page.getByRole('link', { name: /Torna alla pagina iniziale/ }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeFocused();
  });

  test('keyboard only: the login form, from a wrong password to the dashboard', async ({ page }) => {
    await withCookieChoiceSaved(page);
    await page.goto('/login');
    const start = page.getByRole('link', { name: 'Inizia ora' });
    await expect(start).toBeVisible();
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#login$/);
    // Following the anchor moves the keyboard's starting point: the next Tab reaches the email field.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();

    await page.keyboard.type(`nessuno.${Date.now()}@example.it`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('sbagliata');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Credenziali non valide.');

    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(DEMO_ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(DEMO_ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  });
});

test.describe('SEO in the HTML the server sends for /login', () => {
  for (const [where, base] of [['shell', SHELL_URL], ['landing origin', LANDING_URL]] as const) {
    test(`at the ${where}`, async ({ request, browser }) => {
      const res = await request.get(`${base}/login`, { headers: { accept: 'text/html' } });
      expect(res.ok()).toBe(true);
      // Read the served HTML as a crawler that runs no JavaScript would: parsed, never executed.
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.setContent(await res.text());
      const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');

      expect(await page.locator('html').getAttribute('lang')).toBe('it');
      expect(await page.title()).toMatch(/Carte fedeltà digitali/);
      expect(await meta('name="description"')).toMatch(/20%.*6 mesi/);
      expect(await meta('name="keywords"')).toContain('carta fedeltà digitale');
      expect(await meta('property="og:title"')).toMatch(/Carte fedeltà/);
      expect(await meta('property="og:description"')).toBeTruthy();
      expect(await meta('property="og:type"')).toBe('website');
      expect(await meta('property="og:locale"')).toBe('it_IT');

      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd).toHaveLength(1);
      expect(JSON.parse(jsonLd[0])).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        inLanguage: 'it',
        offers: { '@type': 'AggregateOffer', lowPrice: '20', highPrice: '30', priceCurrency: 'EUR' },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', reviewCount: '112' },
      });
      // No inline executable script (a CSP will forbid them): every other script is a file.
      const inlineScripts = page.locator('script:not([src])');
      await expect(inlineScripts).toHaveCount(1);
      expect(await inlineScripts.getAttribute('type')).toBe('application/ld+json');
      await context.close();
    });
  }
});
