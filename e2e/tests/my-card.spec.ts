/**
 * The customer's page (decision 049): in Chromium, a customer asks for a link on /my-card, opens it from the
 * e-mail they receive, sees balance and ledger, withdraws WhatsApp marketing consent (an admin's WhatsApp campaign
 * then skips them), downloads their data and deletes their card with the confirmation dialog; the admin's cards
 * list then shows "Cliente eliminato". The journey has its own admin, business (email and WhatsApp on, the SMTP
 * driver delivering to the composition's mail server) and customer, made through the API, so it runs beside the
 * other journeys. Decision 058: the shop's own message log shows only `token=•••`.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { sendCampaign } from '../src/admin-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
import { mailsTo } from '../src/mailbox';
import { loginThroughApi } from '../src/session';
import { signUpCustomer } from '../src/shop';

/** axe-core's serious and critical WCAG 2.1 A/AA findings on the page as it is now (as accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('a customer opens their card from an emailed link, withdraws WhatsApp, downloads their data and deletes the card', async ({ page, browser }) => {
  // Two people's pages, an e-mail delivered and a download: 27 s alone, past the minute at load 20 beside others.
  test.setTimeout(120_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `miacarta.${stamp}@example.it`, password: 'MiaCartaE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: account.email, full_name: 'Admin Mia Carta', role: 'admin', password: account.password });
  const adminToken = await apiToken(account);
  const businessName = `Bottega Mia Carta ${stamp.slice(-6)}`;
  const business = await apiCall<{ id: string }>('POST', '/business', adminToken, { name: businessName });
  await apiCall('PUT', `/settings/${business.id}`, superToken, { email_enabled: 1, whatsapp_enabled: 1 });
  // A shop that really sends e-mail (decision 058: a shop in test mode never carries an access link).
  await apiCall('PUT', `/twilio/settings/${business.id}`, superToken, { driver: 'smtp', emailSender: `negozio.${stamp}@example.it` });

  const customer = { email: `cliente.miacarta.${stamp}@example.it`, phone: `+39333${stamp.slice(-7)}`, name: `Cliente Mia Carta ${stamp.slice(-4)}` };
  const card = await signUpCustomer(business.id, { name: customer.name, email: customer.email, phone: customer.phone, marketingChannels: ['whatsapp'] });
  await apiCall('POST', `/loyalty-cards/${card.id}/points`, adminToken, { points: 25, description: 'Spesa del sabato' });

  // 1. The customer asks for a link with the e-mail they signed up with.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/my-card');
  await expect(page.getByRole('heading', { level: 1, name: 'La tua carta fedeltà' })).toBeVisible();
  await page.getByLabel('Email o numero di telefono').fill(customer.email);
  await page.getByRole('button', { name: 'Inviami il link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se il contatto è registrato' })).toContainText('Il link vale 15 minuti.');

  // 2. The link arrives by e-mail, in the customer's inbox (the composition's mail server).
  let link = '';
  await expect(async () => {
    const found = mailsTo(customer.email)
      .map((text) => /https?:\/\/\S+\/my-card\?token=[A-Za-z0-9_-]+/.exec(text)?.[0])
      .find(Boolean);
    expect(found).toBeTruthy();
    link = found!;
  }).toPass({ timeout: 20_000 });
  // The shop's own message log shows that a link left, never which: no one at the shop can open the customer's page.
  const { messages } = await apiCall<{ messages: { recipient: string; body: string }[] }>('GET', `/outbox?businessId=${business.id}&channel=email`, adminToken);
  const logged = messages.filter((m) => m.recipient === customer.email && m.body.includes('/my-card?token='));
  expect(logged.map((m) => /token=(\S+)/.exec(m.body)![1])).toEqual(['•••']);

  // 3. Opened: the token leaves the address at once; the card, its balance and its ledger.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Le tue carte' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Le tue carte' })).toBeFocused();
  expect(page.url()).not.toContain('token=');
  const shop = page.getByRole('region', { name: businessName });
  await expect(shop.getByText('Saldo: 25 punti')).toBeVisible();
  await expect(shop.getByRole('img', { name: `Carta fedeltà Appo di ${businessName} con codice QR` })).toBeVisible();
  await shop.getByRole('button', { name: 'Mostra i movimenti' }).click();
  const ledgerRow = shop.getByRole('row').filter({ hasText: 'Spesa del sabato' });
  await expect(ledgerRow).toContainText('Accredito');
  await expect(ledgerRow).toContainText('+25 punti');

  expect(await seriousViolations(page)).toEqual([]);
  // The card, its image, wallet and ledger fit a 320 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const ledgerBox = shop.locator('[data-card-ledger]');
  expect(await ledgerBox.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  // At 320 px the header «Movimento» and the card's number stay whole.
  await expect(shop.getByRole('columnheader', { name: 'Movimento' })).toHaveCSS('white-space', 'nowrap');
  await expect(shop.getByText(card.card_number, { exact: true })).toHaveCSS('white-space', 'nowrap');

  // A reload within the 30 minutes keeps the session.
  await page.reload();
  await expect(page.getByRole('region', { name: businessName }).getByText('Saldo: 25 punti')).toBeVisible();

  // 4. WhatsApp withdrawn: the admin's WhatsApp campaign to this customer skips them.
  const whatsapp = shop.getByRole('checkbox', { name: 'WhatsApp' });
  await expect(whatsapp).toBeChecked();
  await expect(shop.getByText(/Il consenso per WhatsApp scade il \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  // Given today, it lapses in 24 months: no renewal offered yet (only in the last 60 days).
  await expect(shop.getByRole('button', { name: 'Rinnova il consenso' })).toBeHidden();
  await whatsapp.uncheck();
  await shop.getByRole('button', { name: 'Salva preferenze' }).click();
  await expect(shop.getByRole('status').filter({ hasText: 'Preferenze salvate' })).toBeVisible();
  // The button was disabled while saving: the focus is back on it, not on the page.
  await expect(shop.getByRole('button', { name: 'Salva preferenze' })).toBeFocused();
  const campaign = await sendCampaign(adminToken, business.id, 'whatsapp', 'Sconto del 10% questa settimana!', customer);
  expect(campaign.status).toBe(200);
  expect(campaign.body).toMatchObject({ queued: 0, skipped: 1, skippedByReason: { noConsent: 1 } });

  // 5. "Scarica i miei dati": the JSON holds the card.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica i miei dati (JSON)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/);
  const copy = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { cards: { id: string; email: string; marketing_channels: string[] }[] };
  expect(copy.cards).toEqual([expect.objectContaining({ id: card.id, email: customer.email, marketing_channels: [] })]);

  // 6. "Elimina la mia carta": an accessible confirmation (focus inside, Escape closes), then the erasure.
  const erase = shop.getByRole('button', { name: `Elimina la mia carta di ${businessName}` });
  await erase.click();
  const dialog = page.getByRole('dialog', { name: `Eliminare la carta di ${businessName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await expect(dialog).toContainText('non sono più collegati a te');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();
  await erase.click();
  await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'I dati personali della carta sono stati cancellati.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Non ci sono più carte legate a questo contatto' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Nessuna carta con questo contatto' })).toBeHidden();
  await expect(page.getByRole('region', { name: businessName })).toHaveCount(0);
  // Nothing is wider than the phone's 320 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // 7. The admin's cards list: the card is still there (its points belong to the shop) but names no one.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await withCookieChoiceSaved(adminPage);
  await loginThroughApi(adminPage, account);
  await adminPage.goto('/dashboard/loyalty-cards');
  const cards = adminPage.getByRole('list', { name: 'Carte fedeltà' });
  // The whole dashboard loads for this look: up to half a minute beside other journeys at load 20 (CI, 2026-11-29).
  await expect(cards.getByRole('article', { name: 'Cliente eliminato' })).toBeVisible({ timeout: 30_000 });
  // Nothing that needs a contact is offered: the row says so in place of the e-mail and phone.
  await expect(cards.getByRole('article', { name: 'Cliente eliminato' })).toContainText('Nessun contatto: la carta non può ricevere messaggi né link wallet');
  await expect(cards.getByRole('article', { name: 'Cliente eliminato' }).getByRole('button', { name: /link wallet/ })).toHaveCount(0);
  await expect(cards.getByRole('article', { name: customer.name })).toHaveCount(0);
  await adminContext.close();
});
