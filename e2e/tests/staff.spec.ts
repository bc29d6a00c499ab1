/**
 * Decision 070: the people who work the counter. In Chromium, an owner invites a colleague as «Operatore di cassa»
 * for one shop from «Gestione Utenti»; the invitation arrives by e-mail (the composition's mail server; the shop's
 * own message log shows only `token=•••`); the colleague opens the link, chooses a password, logs in, sees only
 * the counter's screens, opens a card's QR page, adds points and redeems a reward, and is refused an export and a
 * campaign in the UI (no button, «Non hai i permessi…» on the direct URL) and in the API (403). Own owner, shop,
 * customer and colleague, made through the API, so it runs beside the other journeys.
 */
import { test, expect } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { apiCall as rawCall } from '../src/admin-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
import { mailsTo } from '../src/mailbox';
import { loginThroughApi } from '../src/session';
import { signUpCustomer } from '../src/shop';

test('an owner invites a counter colleague, who sets a password and works the counter only', async ({ page, browser }) => {
  // Two people's sessions and an invitation delivered by e-mail: 46.5 s alone, past the minute at load 10–20.
  test.setTimeout(120_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const owner = { email: `titolare.${stamp}@example.it`, password: 'TitolareE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: owner.email, full_name: 'Titolare Cassa', role: 'admin', password: owner.password });
  const ownerToken = await apiToken(owner);
  const shopName = `Bar Cassa ${stamp.slice(-6)}`;
  const shop = await apiCall<{ id: string }>('POST', '/business', ownerToken, { name: shopName });
  // A second shop of the same owner: the colleague is not invited there.
  const otherShop = await apiCall<{ id: string }>('POST', '/business', ownerToken, { name: `Bar Altro ${stamp.slice(-6)}` });
  await apiCall('PUT', `/settings/${shop.id}`, superToken, { email_enabled: 1 });
  await apiCall('PUT', `/twilio/settings/${shop.id}`, superToken, { driver: 'smtp', emailSender: `cassa.${stamp}@example.it` });
  const customerName = `Cliente Cassa ${stamp.slice(-4)}`;
  const card = await signUpCustomer(shop.id, { name: customerName, email: `cliente.cassa.${stamp}@example.it`, phone: `+39 333 ${stamp.slice(-7)}` });
  await apiCall('POST', '/rewards', ownerToken, { businessId: shop.id, name: 'Caffè omaggio', cost: 20 });

  // 1. The owner invites the colleague from «Gestione Utenti».
  const colleague = { email: `collega.${stamp}@example.it`, password: 'CollegaE2e2026!' };
  await withCookieChoiceSaved(page);
  await loginThroughApi(page, owner);
  await page.goto('/dashboard/users');
  const invite = page.getByRole('region', { name: 'Invita un collega' });
  await invite.getByLabel('Email del collega').fill(colleague.email);
  await invite.getByLabel('Nome e cognome').fill('Giulia Cassa');
  await invite.getByLabel('Ruolo del collega').selectOption({ label: 'Operatore di cassa' });
  await invite.getByRole('group', { name: 'Negozi' }).getByLabel(shopName).check();
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  const row = invite.getByRole('table', { name: 'Colleghi' }).getByRole('row', { name: /Giulia Cassa/ });
  await expect(row).toContainText('Invito inviato');
  await expect(row).toContainText('Operatore di cassa');
  await expect(row.getByRole('button', { name: 'Invia di nuovo l’invito a Giulia Cassa' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Annulla invito a Giulia Cassa' })).toBeVisible();

  // 2. The invitation arrives by e-mail; the shop's log shows only that a link left.
  let link = '';
  await expect(async () => {
    const found = mailsTo(colleague.email)
      .map((text) => /https?:\/\/\S+\/invito\?token=[A-Za-z0-9_-]+/.exec(text)?.[0])
      .find(Boolean);
    expect(found).toBeTruthy();
    link = found!;
  }).toPass({ timeout: 20_000 });
  const { messages } = await apiCall<{ messages: { recipient: string; body: string }[] }>('GET', `/outbox?businessId=${shop.id}&channel=email`, ownerToken);
  expect(messages.filter((m) => m.recipient === colleague.email).map((m) => /token=(\S+)/.exec(m.body)![1])).toEqual(['•••']);

  // 3. The colleague, on their own device, chooses a password and logs in.
  const context = await browser.newContext();
  const staffPage = await context.newPage();
  await withCookieChoiceSaved(staffPage);
  await staffPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Scegli la tua password' })).toBeVisible();
  await expect(staffPage).not.toHaveURL(/token=/);
  await staffPage.getByLabel('Nuova password').fill(colleague.password);
  await staffPage.getByLabel('Ripeti la password').fill(colleague.password);
  await staffPage.getByRole('button', { name: 'Imposta la password' }).click();
  await expect(staffPage.getByRole('status').filter({ hasText: 'Password impostata' })).toContainText('Accedi con la tua email');
  await staffPage.getByRole('link', { name: 'Accedi' }).click();
  await staffPage.getByLabel('Email').fill(colleague.email);
  await staffPage.getByLabel('Password').fill(colleague.password);
  await staffPage.getByRole('button', { name: 'Accedi', exact: true }).click();

  // 4. Only the counter's screens: the cards (where staff land) and their own password.
  await expect(staffPage).toHaveURL(/\/dashboard\/loyalty-cards$/);
  const nav = staffPage.getByRole('navigation', { name: 'Sezioni della dashboard' });
  await expect(nav.getByRole('link')).toHaveText(['Carte Fedeltà', 'Impostazioni App']);
  await expect(staffPage.getByText(customerName).first()).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Esporta carte (CSV)' })).toHaveCount(0);

  // 5. The card's QR page: points, then a reward.
  await staffPage.goto(`/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Aggiungi punti' })).toBeVisible();
  await staffPage.getByLabel('Punti da aggiungere').fill('30');
  await staffPage.getByRole('button', { name: 'Aggiungi punti' }).click();
  await expect(staffPage.getByRole('status').filter({ hasText: 'Nuovo saldo' })).toContainText('Nuovo saldo: 30 punti');
  await staffPage.getByRole('button', { name: 'Riscatta premio' }).click();
  const dialog = staffPage.getByRole('dialog', { name: `Riscatta premio – ${customerName}` });
  await dialog.getByRole('list', { name: 'Premi' }).getByRole('button', { name: 'Riscatta Caffè omaggio' }).click();
  await dialog.getByRole('button', { name: 'Conferma riscatto' }).click();
  await expect(dialog.getByRole('status')).toContainText('Premio riscattato');
  await staffPage.keyboard.press('Escape');

  // 6. Refused: a campaign and the owner's screens by direct URL, and the export and the campaign in the API.
  await staffPage.goto('/dashboard/campaigns');
  await expect(staffPage.getByRole('alert')).toContainText('Non hai i permessi per aprire questa pagina');
  await staffPage.goto('/dashboard/users');
  await expect(staffPage.getByRole('alert')).toContainText('Non hai i permessi per aprire questa pagina');
  const staffToken = await apiToken(colleague);
  expect((await rawCall(`/loyalty-cards/business/${shop.id}/export.csv`, { token: staffToken })).status).toBe(403);
  expect((await rawCall('/campaigns', { method: 'POST', token: staffToken, body: { businessId: shop.id, name: 'Non mia' } })).status).toBe(403);
  // The owner's other shop is not theirs at all.
  expect((await rawCall(`/loyalty-cards/business/${otherShop.id}?limit=5`, { token: staffToken })).status).toBe(404);
  await context.close();

  // 7. The owner sees the colleague as active.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Colleghi' }).getByRole('row', { name: /Giulia Cassa/ })).toContainText('Attivo');
});
