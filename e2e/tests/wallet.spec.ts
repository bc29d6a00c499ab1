/**
 * The wallets in the product (decisions 041, 042) with the development certificates (src/global-setup.ts):
 * a signup shows "Aggiungi ad Apple Wallet" and "Salva in Google Wallet" under the card, the Apple link downloads
 * the .pkpass, the Google link is the API's short save link that redirects to Google's save URL, whose JWT names the
 * card's loyalty object and a logo the API serves, and the shop's admin sends the links from the card row; the message reaches
 * the outbox. Its own admin, business and customer, so no other journey's data changes what it sees.
 */
import { test, expect } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { closeColors, readPngWithQr, rgbOf, withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';

test('a signup shows both wallet buttons and the Apple pass downloads; the admin sends the links from the card row', async ({ page, request }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `wallet.${stamp}@example.it`, password: 'WalletE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: account.email, full_name: 'Admin Wallet', role: 'admin', password: account.password });
  const business = await apiCall<{ id: string }>('POST', '/business', await apiToken(account), { name: `Bar Wallet ${stamp.slice(-6)}` });
  await apiCall('PUT', `/settings/${business.id}`, superToken, { whatsapp_enabled: 1 });

  await withCookieChoiceSaved(page);
  await page.goto(`/loyalty-cards/create?business_id=${business.id}`);
  const name = `Wanda Wallet ${stamp.slice(-4)}`;
  await page.getByLabel('Email', { exact: true }).fill(`cliente.wallet.${stamp}@example.it`);
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('Numero di telefono').fill(`+39 333 ${stamp.slice(-7)}`);
  await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
  await page.getByRole('button', { name: 'Ottieni' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' })).toBeVisible();

  const apple = page.getByRole('link', { name: 'Aggiungi ad Apple Wallet' });
  await expect(apple).toBeVisible();
  const google = page.getByRole('link', { name: 'Salva in Google Wallet' });
  await expect(google).toBeVisible();
  // The button's link is the API's short save link (decision 044): it answers 302 to Google's save URL, whose JWT
  // names the card's loyalty object with its current balance.
  const saveLink = (await google.getAttribute('href')) ?? '';
  expect(saveLink).toMatch(/\/api\/wallet\/google\/save\/[\w-]{43}$/);
  expect(saveLink.length).toBeLessThan(160);
  const redirect = await request.get(saveLink, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()['cache-control']).toBe('no-store');
  const save = /^https:\/\/pay\.google\.com\/gp\/v\/save\/([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(redirect.headers()['location'] ?? '');
  expect(save).not.toBeNull();
  const claims = JSON.parse(Buffer.from(save![2], 'base64url').toString('utf8')) as {
    typ: string;
    payload: {
      loyaltyClasses: { programLogo: { sourceUri: { uri: string } } }[];
      loyaltyObjects: { accountName: string; loyaltyPoints: { balance: { int: number } } }[];
    };
  };
  expect(claims.typ).toBe('savetowallet');
  expect(claims.payload.loyaltyObjects[0]).toMatchObject({ accountName: name, loyaltyPoints: { balance: { int: 0 } } });
  // The class's logo, which Google fetches: a PNG the API serves.
  const logo = await request.get(claims.payload.loyaltyClasses[0].programLogo.sourceUri.uri);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  // The next stop by keyboard after the result's heading (which has focus), with a visible focus ring.
  await page.keyboard.press('Tab');
  await expect(apple).toBeFocused();
  expect(await apple.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid');
  const href = await apple.getAttribute('href');
  expect(href).toMatch(/\/api\/wallet\/apple\/pass\/[\w-]{43}\.pkpass$/);
  const pass = await request.get(href!);
  expect(pass.status()).toBe(200);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  expect((await pass.body()).subarray(0, 2).toString('latin1')).toBe('PK');

  await loginThroughApi(page, account);
  await page.goto('/dashboard/loyalty-cards');
  const row = page.getByRole('article', { name });
  await row.getByRole('button', { name: `Invia link wallet a ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link Apple Wallet e Google Wallet in coda: il cliente li riceverà via WhatsApp.' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Posta in uscita', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posta in uscita' })).toBeVisible();
  // The queue sends in the background: reload until it has.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Messaggi' }).getByRole('row').filter({ hasText: 'Apple Wallet:' })).toContainText('WhatsApp', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('Impostazioni App → Wallet: development certificates said, the set-up hint for the super admin only; the shop’s colour keeps its row under an error, at 320 px and on desktop, and the card image wears it', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `wallet.colour.${stamp}@example.it`, password: 'WalletE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: account.email, full_name: 'Admin Colore', role: 'admin', password: account.password });
  const business = await apiCall<{ id: string }>('POST', '/business', await apiToken(account), { name: `Bar Colore ${stamp.slice(-6)}` });

  await loginThroughApi(page, account);
  await page.goto('/dashboard/settings?tab=wallet');
  const list = page.getByRole('list', { name: 'Stato dei wallet' });
  for (const wallet of ['Apple Wallet', 'Google Wallet']) {
    const item = list.getByRole('listitem', { name: wallet });
    await expect(item.getByText('Configurato', { exact: true })).toBeVisible();
    await expect(item.getByText('Certificati di sviluppo: i telefoni non accettano i pass firmati con questi certificati.')).toBeVisible();
  }
  // A shop's admin: no variable names, no set-up hint.
  await expect(page.getByText('npm run wallet:dev-certs')).toHaveCount(0);
  await expect(page.getByRole('list', { name: /Variabili mancanti/ })).toHaveCount(0);

  const hex = page.getByRole('textbox', { name: 'Colore del negozio (#rrggbb)' });
  const swatch = page.getByLabel('Scegli il colore');
  const error = page.getByText('Il colore del negozio deve essere nel formato #rrggbb (es. #1e3a8a)');
  for (const viewport of [
    { width: 320, height: 720 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await hex.fill('rosso');
    await page.getByRole('button', { name: 'Salva colore' }).click();
    await expect(error).toBeVisible();
    await expect(hex).toHaveAttribute('aria-invalid', 'true');
    // The error is linked to both controls.
    const errorId = await error.getAttribute('id');
    expect(errorId).toBeTruthy();
    expect((await hex.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect((await swatch.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    // The row keeps its layout: the swatch beside the text, same top and height, not squeezed; the error under both.
    const [box, swatchBox, errorBox] = await Promise.all([hex.boundingBox(), swatch.boundingBox(), error.boundingBox()]);
    expect(Math.abs(swatchBox!.y - box!.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(swatchBox!.height - box!.height)).toBeLessThanOrEqual(1);
    expect(swatchBox!.width).toBeGreaterThanOrEqual(40);
    expect(swatchBox!.x + swatchBox!.width).toBeLessThanOrEqual(box!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(errorBox!.y).toBeGreaterThanOrEqual(box!.y + box!.height);
    // Nothing sticks out sideways: the colour's card, nor the page (the shell's header shrinks the business
    // switcher and the user's name to fit a 320 px phone).
    const colourCard = page.getByRole('region', { name: /^Colore del negozio – / });
    const card = await colourCard.boundingBox();
    expect(card!.x + card!.width).toBeLessThanOrEqual(viewport.width);
    expect(await colourCard.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.x + header!.width).toBeLessThanOrEqual(viewport.width);
    // A valid value takes the error away at once, before any save.
    await hex.fill('#F5E6C8');
    await expect(error).toHaveCount(0);
    await expect(hex).not.toHaveAttribute('aria-invalid', 'true');
    await expect(swatch).toHaveValue('#f5e6c8');
  }
  // The swatch is reachable by keyboard, right before the text.
  await hex.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(swatch).toBeFocused();
  await page.getByRole('button', { name: 'Salva colore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Colore del negozio salvato' })).toBeVisible();

  // The super admin sees the variables' hint.
  await loginThroughApi(page, DEMO_SUPERADMIN);
  await page.goto('/dashboard/settings?tab=wallet');
  await expect(page.getByRole('list', { name: 'Stato dei wallet' })).toBeVisible();
  await expect(page.getByText('npm run wallet:dev-certs')).toBeVisible();

  // A customer's card image wears the shop's light colour (its dark names: shared's drawLoyaltyCard tests); the QR still reads.
  // Signed out: a signed-in visitor is taken to the dashboard.
  await page.evaluate(() => localStorage.removeItem('token'));
  await withCookieChoiceSaved(page);
  await page.goto(`/loyalty-cards/create?business_id=${business.id}`);
  await page.getByLabel('Email', { exact: true }).fill(`cliente.colore.${stamp}@example.it`);
  await page.getByLabel('Nome completo').fill('Carla Colore');
  await page.getByLabel('Numero di telefono').fill(`+39 333 ${stamp.slice(-7)}`);
  await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
  await page.getByRole('button', { name: 'Ottieni' }).click();
  const download = page.getByRole('button', { name: 'Scarica la carta (PNG)' });
  await expect(download).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const png = readPngWithQr(await file.path());
  expect(png.qr).toContain('/dashboard/add-points?card_id=');
  expect(closeColors(png.pixel(1, 1), rgbOf('#f5e6c8')), `corner ${png.pixel(1, 1).join(',')}`).toBe(true);
});
