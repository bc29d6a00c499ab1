/** Messaging: Easy SMS search and send; settings saved by a super admin, toggles locked for an admin. */
import { test, expect } from '@playwright/test';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { loginThroughApi } from '../src/session';
import { signUpCustomer } from '../src/shop';

const PROFUMERIA = 'demo-profumeria-bella';

test('Easy SMS: the search filters the cards and a WhatsApp is sent', async ({ page }) => {
  // Its own customer, with WhatsApp marketing consent (Easy SMS is a marketing message).
  const stamp = Date.now();
  const customer = `Wanda Whatsapp ${stamp}`;
  await signUpCustomer(PROFUMERIA, { name: customer, email: `wanda.${stamp}@example.it`, phone: '333 765 4329', marketingChannels: ['whatsapp'] });

  await loginThroughApi(page);
  await page.goto('/dashboard/easy-sms');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Facile' })).toBeVisible();
  await page.getByRole('button', { name: /Attività corrente:/ }).click();
  await page.getByRole('list', { name: 'Attività' }).getByRole('button', { name: 'Profumeria Bella' }).click();
  const list = page.getByRole('list', { name: 'Carte' });
  // count() does not wait: the cards arrive after the heading.
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const all = await list.getByRole('listitem').count();
  expect(all).toBeGreaterThan(1);

  await page.getByLabel('Cerca carte').fill(customer.toUpperCase());
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const form = page.getByRole('form', { name: `WhatsApp a ${customer}` });
  await form.getByRole('button', { name: 'Invia WhatsApp' }).click();
  await expect(form.getByRole('alert')).toHaveText('Inserisci un messaggio per la carta selezionata');
  await form.getByLabel(`Messaggio per ${customer}`).fill('Ciao! Questa settimana punti doppi.');
  await form.getByRole('button', { name: 'Invia WhatsApp' }).click();
  // The demo has no provider: the answer says the message was only recorded.
  await expect(page.getByText('WhatsApp registrato in modalità prova: non è stato consegnato')).toBeVisible();
  await expect(form.getByLabel(`Messaggio per ${customer}`)).toHaveValue('');

  await page.getByLabel('Cerca carte').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(all);
});

test('a super admin saves the messaging settings; an admin sees them with the toggles locked', async ({ page }) => {
  await loginThroughApi(page, DEMO_SUPERADMIN);
  await page.goto('/dashboard/twilio-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni Twilio' })).toBeVisible();
  await page.getByRole('button', { name: /Attività corrente/ }).click();
  await page.getByRole('button', { name: 'Profumeria Bella', exact: true }).click();
  const settings = page.getByRole('form', { name: 'Impostazioni di messaggistica' });
  await expect(settings.getByRole('checkbox', { name: 'Email abilitata' })).toBeChecked();

  await settings.getByLabel('Account SID').fill('AC123');
  await settings.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(settings.getByText('Account SID non valido: deve iniziare con AC seguito da 32 caratteri esadecimali')).toBeVisible();

  await settings.getByLabel('Account SID').fill(`AC${'0123456789abcdef'.repeat(2)}`);
  await settings.getByLabel('Auth Token').fill('0123456789abcdef0123456789ab4321');
  await settings.getByLabel('Mittente email').fill('profumeria@example.it');
  await expect(settings.getByRole('checkbox', { name: 'SMS abilitato' })).toBeEnabled();
  await settings.getByRole('checkbox', { name: 'SMS abilitato' }).uncheck();
  await settings.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(page.getByText('Impostazioni Twilio salvate con successo')).toBeVisible();
  await expect(settings.getByText('Token salvato: ••••4321. Lascia vuoto per mantenerlo.')).toBeVisible();
  await expect(settings.getByLabel('Auth Token')).toHaveValue('');

  const test = page.getByRole('form', { name: 'Test di connessione' });
  await expect(test.getByRole('button', { name: 'Testa connessione' })).toBeDisabled();
  await test.getByLabel('Servizio').selectOption('email');
  await test.getByLabel('Destinatario di prova').fill('cliente@example.it');
  await test.getByRole('button', { name: 'Testa connessione' }).click();
  await expect(test.getByRole('status')).toHaveText('Modalità prova: nessuna connessione verificata. Configura un fornitore per inviare davvero.');

  // The admin who owns the business sees what was saved, the token masked and the switches locked.
  await page.evaluate(() => localStorage.clear());
  await loginThroughApi(page);
  await page.goto('/dashboard/twilio-settings');
  await page.getByRole('button', { name: /Attività corrente/ }).click();
  await page.getByRole('button', { name: 'Profumeria Bella', exact: true }).click();
  const adminSettings = page.getByRole('form', { name: 'Impostazioni di messaggistica' });
  await expect(adminSettings.getByText('Token salvato: ••••4321. Lascia vuoto per mantenerlo.')).toBeVisible();
  await expect(adminSettings.getByLabel('Mittente email')).toHaveValue('profumeria@example.it');
  for (const name of ['WhatsApp abilitato', 'SMS abilitato', 'Email abilitata']) {
    await expect(adminSettings.getByRole('checkbox', { name })).toBeDisabled();
  }
  await expect(adminSettings.getByRole('checkbox', { name: 'SMS abilitato' })).not.toBeChecked();
  await expect(adminSettings.getByText('Solo il super admin può abilitare o disabilitare i servizi.')).toBeVisible();
});
