/**
 * The customers' signup page, `/loyalty-cards/create?business_id=…`, is HTML rendered at build time and
 * named after the shop by the server (docs/decisions/028-prerendered-public-pages.md): the shop, the form
 * and the link preview are in the page the server sends; a small script — no React, no store, no
 * federation runtime — makes the form work and draws the card with its QR code.
 */
import { test, expect } from '@playwright/test';
import { whatsappMessagesOf } from '../src/cards-api';
import { recordScripts } from '../src/fixtures';
import { LANDING_URL, e2eRuntimeConfig, readPngWithQr, withCookieChoiceSaved } from '../src/landing';
import { SHELL_URL } from '../src/env';
import { loginThroughApi } from '../src/session';

const PHONE = { width: 390, height: 844 };
const SIGNUP = '/loyalty-cards/create?business_id=default-business-id';

// The servers wait for the shop's name only briefly (800 ms): the first lookup after the composition starts
// (a cold API) may take longer and give the generic page (tools/test/link-preview.test.ts). Ask once first.
test.beforeAll(async () => {
  for (const base of [LANDING_URL, SHELL_URL]) await fetch(`${base}${SIGNUP}`);
});

for (const [where, base] of [['landing origin', LANDING_URL], ['shell', SHELL_URL]] as const) {
  test(`without JavaScript, at the ${where}: the shop, the form and the link preview are in the HTML`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(`${base}${SIGNUP}`);
    await expect(page).toHaveTitle('Ottieni la tua Carta Fedeltà – Bar Centrale');
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
    expect(await meta('property="og:title"')).toBe('Ottieni la tua Carta Fedeltà – Bar Centrale');
    expect(await meta('property="og:description"')).toContain('Bar Centrale');
    expect(await meta('property="og:url"')).toBe(`${LANDING_URL}${SIGNUP}`);
    expect(await meta('name="twitter:title"')).toBe('Ottieni la tua Carta Fedeltà – Bar Centrale');

    await expect(page.getByRole('heading', { level: 1, name: 'Ottieni la tua Carta Fedeltà' })).toBeVisible();
    await expect(page.getByText('Bar Centrale', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toBeVisible();
    await expect(page.getByLabel('Numero di telefono')).toBeVisible();
    const consents = page.getByRole('group', { name: 'Consensi' });
    await expect(consents.getByRole('checkbox', { name: "Ho letto l'informativa sulla privacy (obbligatorio)" })).toBeVisible();
    await expect(consents.getByRole('link', { name: "Leggi l'informativa sulla privacy" })).toHaveAttribute('href', '/privacy');
    const channels = page.getByRole('group', { name: 'Desidero ricevere offerte e novità (facoltativo):' });
    for (const label of ['via WhatsApp', 'via SMS', 'via Email']) await expect(channels.getByRole('checkbox', { name: label })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Ottieni' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Tutti i diritti riservati');
    // The answers wait, hidden, for the script.
    await expect(page.getByRole('heading', { name: 'La tua Carta Fedeltà', exact: true })).toBeHidden();
    expect(scripts).toEqual([]);
    await context.close();
  });
}

test('an unknown shop: the generic page from the server, then /login as before', async ({ page, request }) => {
  const res = await request.get(`${LANDING_URL}/loyalty-cards/create?business_id=nessun-negozio`, { headers: { accept: '*/*' } });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<title>Ottieni la tua Carta Fedeltà</title>');
  await page.goto(`${LANDING_URL}/loyalty-cards/create?business_id=nessun-negozio`);
  await expect(page).toHaveURL(/\/login$/);
});

test('with JavaScript, at the shell on a phone: one small script, then a customer signs up, sees and downloads the card', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await withCookieChoiceSaved(page);
  // Every Content Security Policy violation, also one a script catches (a caught `eval` attempt shows nothing in the console).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const scripts = recordScripts(page);
  await page.goto(SIGNUP);
  await expect(page.getByText('Bar Centrale', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const urls = scripts.map((s) => s.url.split('?')[0]);
  expect(urls).toEqual([expect.stringMatching(new RegExp(`^${LANDING_URL}/signup\\.[0-9a-f]{10}\\.js$`))]);

  const submit = page.getByRole('button', { name: 'Ottieni' });
  await submit.click();
  await expect(page.getByText('Campo "email" è obbligatorio')).toBeVisible();
  await expect(page.getByText('Campo "nome completo" è obbligatorio')).toBeVisible();
  await expect(page.getByText('Campo "numero di telefono" obbligatorio')).toBeVisible();
  await expect(page.getByText("È necessario accettare l'informativa sulla privacy")).toBeVisible();
  // Keyboard and screen-reader users land on the first field to fix, which names its message.
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Campo "email" è obbligatorio');
  // The form's rule (shared's zod/mini schema) ran under the page's CSP without a violation.
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  const address = `cliente.prerender.${Date.now()}@example.it`;
  await email.fill(address);
  await page.getByLabel('Nome completo').fill('Sara Verdi');
  await page.getByLabel('Numero di telefono').fill('12');
  await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
  await submit.click();
  await expect(page.getByText('Numero di telefono non valido')).toBeVisible();
  await expect(page.getByLabel('Numero di telefono')).toBeFocused();
  await expect(page.getByText('Campo "email" è obbligatorio')).toBeHidden();

  await page.getByLabel('Numero di telefono').fill('+39 333 4445566');
  await page.getByRole('checkbox', { name: 'via WhatsApp' }).check();
  const created = page.waitForResponse((res) => res.url().endsWith('/api/users/loyalty-cards/create') && res.ok());
  await submit.click();
  const request = (await created).request().postDataJSON() as Record<string, unknown>;
  expect(request).toEqual({ email: address, full_name: 'Sara Verdi', phone: '+39 333 4445566', role: 'client', business_id: 'default-business-id', privacy_ack: true, marketing_channels: ['whatsapp'] });
  const card = (await (await created).json()) as { id: string; user_id: string; card_number: string };

  const heading = page.getByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText(`Numero carta: ${card.card_number}.`)).toBeVisible();
  // The number never breaks at its hyphen on a phone.
  await expect(page.getByText(card.card_number, { exact: true })).toHaveCSS('white-space', 'nowrap');
  const { brandName, dashboardBaseUrl } = e2eRuntimeConfig();
  await expect(page.getByRole('img', { name: `Carta fedeltà ${brandName} di Bar Centrale con codice QR` })).toBeVisible();
  const download = page.getByRole('button', { name: 'Scarica la carta (PNG)' });
  await expect(download).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`${brandName.toLowerCase()}-carta-fedelta.png`);
  const png = readPngWithQr(await file.path());
  expect({ width: png.width, height: png.height }).toEqual({ width: 400, height: 250 });
  expect(png.qr).toBe(`${dashboardBaseUrl}/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`);
  // Still the one script: the card and its QR code need nothing more.
  expect(scripts.map((s) => s.url.split('?')[0])).toEqual(urls);
  // The customer's page (decision 051), linked at this origin, and ONE welcome message with its
  // address, by WhatsApp (Bar Centrale has no e-mail channel), which the demo's outbox records.
  await expect(page.getByRole('link', { name: 'Vedi saldo, premi e movimenti' })).toHaveAttribute('href', '/my-card');
  await expect
    .poll(async () => (await whatsappMessagesOf(card.id)).map((m) => m.body), { timeout: 15_000 })
    .toEqual([`Benvenuto da Bar Centrale! La tua carta fedeltà è la n. ${card.card_number}. Saldo, premi e consensi: ${dashboardBaseUrl}/my-card`]);

  // The same e-mail with another phone: no card on screen, the server's sentence.
  await page.goto(SIGNUP);
  await page.getByLabel('Email', { exact: true }).fill(address);
  await page.getByLabel('Nome completo').fill('Qualcun Altro');
  await page.getByLabel('Numero di telefono').fill('+39 333 9998877');
  await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
  await page.getByRole('button', { name: 'Ottieni' }).click();
  const resent = page.getByRole('heading', { level: 1, name: 'Carta già richiesta' });
  await expect(resent).toBeVisible();
  await expect(resent).toBeFocused();
  await expect(page.getByRole('img')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Vedi saldo, premi e movimenti' })).toHaveAttribute('href', '/my-card');
});

test('a signed-in visitor goes on to the dashboard', async ({ page }) => {
  await loginThroughApi(page);
  await page.goto(SIGNUP);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
});
