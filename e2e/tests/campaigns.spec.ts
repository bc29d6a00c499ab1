/**
 * Campaigns: create with recipients, send through the outbox driver and watch it reach everyone; a disabled channel;
 * the send dialog and its reach table on a 360 px phone.
 */
import { test, expect, type Locator } from '@playwright/test';
import { screenProblems } from '../src/accessibility';
import { apiCall, apiToken } from '../src/cards-api';
import { E2E_API_PORT } from '../src/env';
import { loginThroughApi } from '../src/session';
import { createShop } from '../src/shop';

const API = `http://127.0.0.1:${E2E_API_PORT}/api`;

/** Two customers who accept marketing, signed up as customers do, with a name unique to this run. */
async function signUpCustomers(tag: string) {
  for (const [i, name] of [`Anna ${tag}`, `Bruno ${tag}`].entries()) {
    const res = await fetch(`${API}/users/loyalty-cards/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `cliente${i}.${tag}@example.it`,
        full_name: name,
        phone: `+39333${String(Date.now()).slice(-6)}${i}`,
        business_id: 'default-business-id',
        privacy_ack: true,
        marketing_consent: true,
      }),
    });
    expect(res.status).toBe(200);
  }
}

test('create a campaign with recipients, send it by SMS and see it reach every recipient; e-mail is disabled', async ({ page }) => {
  const tag = `E2E${Date.now()}`;
  await signUpCustomers(tag);
  await loginThroughApi(page);
  await page.goto('/dashboard/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campagne' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Campagne' })).toBeVisible();

  await page.getByRole('button', { name: 'Crea Nuova Campagna' }).click();
  const create = page.getByRole('dialog', { name: 'Crea Nuova Campagna' });
  await expect(create.getByLabel('Nome della campagna')).toBeFocused();
  const name = `Saldi ${tag}`;
  await create.getByLabel('Nome della campagna').fill(name);
  await create.getByLabel('Descrizione').fill('Sconto del 30% per i clienti con la carta');
  await create.getByRole('checkbox', { name: 'SMS' }).check();
  await create.getByRole('checkbox', { name: 'Email' }).check();
  // With e-mail among the channels the subject is required (decision 074).
  await create.getByLabel('Oggetto').fill(`Saldi per te ${tag}`);
  // The recipients are a segment the server counts (and resolves at send time), here all cards matching the tag.
  await expect(create.getByLabel('Chi riceve la campagna')).toHaveValue('all');
  await create.getByLabel('Cerca clienti').fill(tag);
  await expect(create.getByText('2 destinatari', { exact: true })).toBeVisible();
  await create.getByRole('button', { name: 'Crea campagna' }).click();

  await expect(page).toHaveURL(/\/campaign-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campagna creata' })).toBeVisible();
  await expect(page.getByText(`La campagna «${name}» è stata salvata con 2 destinatari.`)).toBeVisible();
  await page.getByRole('link', { name: 'Torna alle campagne' }).click();
  await expect(page).toHaveURL(/\/dashboard\/campaigns$/);

  const item = page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(item.getByText('2 destinatari')).toBeVisible();
  await expect(item.getByText('Nessun messaggio inviato: apri la campagna per inviarne uno.')).toBeVisible();
  await item.getByRole('button', { name, exact: true }).click();
  const send = page.getByRole('dialog', { name: `Invia messaggio: ${name}` });

  // Bar Centrale has e-mail switched off: said before any call, and Invia stays disabled.
  await send.getByRole('radio', { name: 'Email' }).check();
  await send.getByLabel('Messaggio').fill('Saldi del 30% da domani: ti aspettiamo!');
  await expect(send.getByRole('alert')).toHaveText('Servizio Email non abilitato per questo business');
  await expect(send.getByRole('button', { name: 'Invia' })).toBeDisabled();

  await send.getByRole('radio', { name: 'SMS' }).check();
  await expect(send.getByRole('alert')).toHaveCount(0);
  await send.getByLabel('Messaggio').fill('Saldi: 30% di sconto, PIÙ punti con 1€ speso!');
  await expect(send.getByText('45/160 caratteri · 2 SMS (UCS-2) con «Rispondi STOP…»')).toBeVisible();
  await send.getByLabel('Messaggio').fill('Saldi: 30% di sconto, punti doppi con 1€ speso!');
  await expect(send.getByText('47/160 caratteri · 1 SMS (GSM-7) con «Rispondi STOP…»')).toBeVisible();
  // The demo delivers through the outbox: the dialog says so.
  await expect(send.getByText(/Modalità prova: i messaggi non vengono consegnati/)).toBeVisible();
  // The number the dialog promises is the number queued.
  await send.getByRole('button', { name: 'Invia a 2 destinatari', exact: true }).click();
  await expect(page.getByText('2 messaggi messi in coda')).toBeVisible();
  // The dialog stays open on the send's counts and its live progress, the focus on its heading.
  const heading = send.getByRole('heading', { name: "Avanzamento dell'invio" });
  await expect(heading).toBeFocused();
  await expect(send.getByRole('list', { name: "Esito dell'invio" })).toHaveText('Messi in coda: 2');
  const done = 'Inviati 2 di 2 · Consegnati 0 · In coda 0 · Non riusciti 0 · Saltati (disiscritti, senza consenso o senza contatto valido) 0';
  await expect(send.getByRole('group', { name: `Avanzamento degli invii di ${name}` })).toContainText(done, { timeout: 20_000 });
  await send.getByText('Chiudi', { exact: true }).click();
  await expect(send).toBeHidden();

  const progress = item.getByRole('group', { name: `Avanzamento degli invii di ${name}` });
  await expect(progress).toContainText(done, { timeout: 20_000 });
});

test.describe('phone, 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  /** Whether `inner` lies inside `outer` sideways, give or take a pixel of rounding. */
  const withinSideways = async (inner: Locator, outer: Locator) => {
    const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
    return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
  };

  test('the send dialog shows every channel’s reach whole, the page never scrolls sideways, and axe finds nothing', async ({ page }) => {
    // A shop of the journey's own, one customer who accepts offers, a campaign on all three channels.
    const shop = await createShop('Campagne Telefono');
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await apiCall('POST', '/users/loyalty-cards/create', null, {
      email: `telefono.${stamp}@example.it`,
      full_name: `Carla Telefono ${stamp.slice(-4)}`,
      phone: `+39333${stamp.slice(-7)}`,
      business_id: shop.businessId,
      privacy_ack: true,
      marketing_consent: true,
    });
    const name = `Promo telefono ${stamp.slice(-6)}`;
    await apiCall('POST', '/campaigns', await apiToken(shop.account), {
      businessId: shop.businessId,
      name,
      subject: 'Promo per te',
      channels: ['whatsapp', 'sms', 'email'],
      segment: { kind: 'all' },
    });
    await loginThroughApi(page, shop.account);
    await page.goto('/dashboard/campaigns');
    const opener = page.getByRole('button', { name, exact: true });
    await expect(opener).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    expect(await screenProblems(page)).toEqual([]);

    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Invia messaggio: ${name}` });
    const region = dialog.getByRole('region', { name: 'Tabella dei destinatari per canale' });
    const table = region.getByRole('table', { name: 'Destinatari per canale' });
    await expect(table).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
    await expect(table.getByRole('cell').first()).not.toHaveText('…');
    // A column per channel: every figure in view at 360 px, nothing behind a sideways scroll, in the box or the page.
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Destinatari', 'WhatsApp', 'SMS', 'Email']);
    await expect(table.getByRole('row', { name: /^Raggiungibili con consenso/ }).getByRole('cell')).toHaveText(['1', '1', '1']);
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const cell of await table.locator('th, td').all()) expect(await withinSideways(cell, region)).toBe(true);
    expect(await withinSideways(region, dialog)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await screenProblems(page)).toEqual([]);

    // Sent by SMS, the counts and the progress fit too, in Italian.
    await dialog.getByRole('radio', { name: 'SMS' }).check();
    await dialog.getByLabel('Messaggio').fill('Solo oggi: doppi punti!');
    await dialog.getByRole('button', { name: 'Invia a 1 destinatario', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: "Avanzamento dell'invio" })).toBeFocused();
    await expect(dialog.getByRole('group', { name: `Avanzamento degli invii di ${name}` })).toContainText(
      'Inviati 1 di 1 · Consegnati 0 · In coda 0 · Non riusciti 0 · Saltati (disiscritti, senza consenso o senza contatto valido) 0',
      { timeout: 20_000 },
    );
    expect(await screenProblems(page)).toEqual([]);
  });
});
