/** Campaigns: create with recipients, send through the outbox driver and watch it reach everyone; a disabled channel. */
import { test, expect } from '@playwright/test';
import { E2E_API_PORT } from '../src/env';
import { loginThroughApi } from '../src/session';

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
  const done = 'Inviati 2 di 2 · Consegnati 0 · In coda 0 · Non riusciti 0 · Saltati (opt-out, senza consenso o senza contatto valido) 0';
  await expect(send.getByRole('group', { name: `Avanzamento degli invii di ${name}` })).toContainText(done, { timeout: 20_000 });
  await send.getByText('Chiudi', { exact: true }).click();
  await expect(send).toBeHidden();

  const progress = item.getByRole('group', { name: `Avanzamento degli invii di ${name}` });
  await expect(progress).toContainText(done, { timeout: 20_000 });
});
