/**
 * Issue 21 (decisions 041, 042), the wallets in the product with the development certificates (src/global-setup.ts):
 * a signup shows "Aggiungi a Apple Wallet" and "Salva in Google Wallet" under the card, the Apple link downloads
 * the .pkpass, the Google link is the API's short save link that redirects to Google's save URL, whose JWT names the
 * card's loyalty object and a logo the API serves, and the shop's admin sends the links from the card row; the message reaches
 * the outbox. Its own admin, business and customer, so no other journey's data changes what it sees.
 */
import { test, expect } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
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

  const apple = page.getByRole('link', { name: 'Aggiungi a Apple Wallet' });
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

  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Outbox', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  // The queue sends in the background: reload until it has.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Messaggi' }).getByRole('row').filter({ hasText: 'Apple Wallet:' })).toContainText('WhatsApp', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});
