/**
 * The admin remote in the composed dashboard: users, settings and services, end to end.
 */
import { test, expect, type Page } from '@playwright/test';
import { DEMO_SUPERADMIN, login } from '../src/fixtures';
import { loginThroughApi } from '../src/session';
import { readPngWithQr } from '../src/landing';
import { apiToken, runtimeAddresses, sendCampaign, signUpConsentingCustomer } from '../src/admin-api';

async function openSettingsTab(page: Page, tab: string) {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni App' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

async function setService(page: Page, businessName: string, service: 'WhatsApp' | 'SMS' | 'Email', enabled: boolean) {
  await openSettingsTab(page, 'Servizi');
  const toggle = page.getByRole('group', { name: businessName }).getByRole('switch', { name: service });
  await expect(toggle).toBeChecked({ checked: !enabled });
  await toggle.click();
  await expect(page.getByText(`Servizio ${service} ${enabled ? 'abilitato' : 'disabilitato'} con successo`)).toBeVisible();
  await expect(toggle).toBeChecked({ checked: enabled });
}

test('super admin creates an admin, who sets up a shop and a client, and the services decide what it may send', async ({ browser }) => {
  test.setTimeout(120_000);
  const { dashboardBaseUrl, landingBaseUrl } = runtimeAddresses();
  const stamp = Date.now();
  const newAdmin = { email: `admin.${stamp}@example.it`, password: 'Negozio2026!' };
  const shopName = `Enoteca ${stamp}`;

  // 1. The super admin creates an admin with a password.
  const superContext = await browser.newContext();
  const superPage = await superContext.newPage();
  await loginThroughApi(superPage, DEMO_SUPERADMIN);
  await superPage.goto('/dashboard/users');
  await expect(superPage.getByRole('heading', { level: 1, name: 'Gestione Utenti' })).toBeVisible();
  await superPage.getByLabel('Ruolo', { exact: true }).selectOption('admin');
  await superPage.getByLabel('Email', { exact: true }).fill(newAdmin.email);
  await superPage.getByLabel('Nome completo', { exact: true }).fill('Elena Conti');
  await superPage.getByLabel('Password', { exact: true }).fill(newAdmin.password);
  await superPage.getByRole('button', { name: 'Crea utente' }).click();
  await expect(superPage.getByText('Utente creato con successo')).toBeVisible();
  await expect(superPage.getByRole('table', { name: 'Utenti' }).getByRole('row', { name: new RegExp(newAdmin.email) })).toContainText('Admin');

  // 2. That admin logs in through the login form and creates its shop: the switcher follows at once.
  const adminContext = await browser.newContext({ acceptDownloads: true });
  const page = await adminContext.newPage();
  await page.addInitScript(() => localStorage.setItem('cookiePrefs', JSON.stringify({ essential: true, analytics: false, marketing: false })));
  await login(page, newAdmin);
  await openSettingsTab(page, 'Aziende');
  await page.getByLabel("Nome dell'azienda").fill(shopName);
  await page.getByLabel('Indirizzo').fill('Via Garibaldi 3, Torino');
  const createdBusiness = page.waitForResponse((res) => res.url().endsWith('/api/business') && res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Crea azienda' }).click();
  const business = (await (await createdBusiness).json()) as { id: string };
  await expect(page.getByText('Azienda creata con successo')).toBeVisible();
  // Its one shop: the name in the top bar, no switcher (decision 078).
  await expect(page.getByText(`Attività corrente: ${shopName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Attività corrente/ })).toHaveCount(0);

  // Its counter poster: 600×800, with the QR of the public signup link on the landing address.
  const [poster] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Scarica locandina di ${shopName}` }).click()]);
  const posterPng = readPngWithQr(await poster.path());
  expect({ width: posterPng.width, height: posterPng.height }).toEqual({ width: 600, height: 800 });
  expect(posterPng.qr).toBe(`${landingBaseUrl}/loyalty-cards/create?business_id=${business.id}`);

  // 3. It creates a client of the shop and downloads the client's QR, which opens add-points for that card.
  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Gestione Utenti', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Utenti' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`cliente.${stamp}@example.it`);
  await page.getByLabel('Nome completo', { exact: true }).fill('Marco Neri');
  await page.getByLabel('Telefono').fill('+39 333 4445566');
  await page.getByLabel('Azienda del cliente').selectOption(business.id);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  const createdUser = page.waitForResponse((res) => res.url().endsWith('/api/users') && res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Crea utente' }).click();
  const client = (await (await createdUser).json()) as { id: string; card_id: string };
  await expect(page.getByRole('img', { name: 'Codice QR della carta di Marco Neri' })).toBeVisible();
  await expect(page.getByLabel('Filtra per azienda')).toHaveValue(business.id);

  const [qrFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica QR di Marco Neri' }).click()]);
  expect(qrFile.suggestedFilename()).toBe('qr-marco-neri.png');
  expect(readPngWithQr(await qrFile.path()).qr).toBe(`${dashboardBaseUrl}/dashboard/add-points?card_id=${client.card_id}&user_id=${client.id}`);

  // 4. The super admin switches WhatsApp on for the shop: the admin's campaign to a customer who agreed to
  // WhatsApp offers goes out; switched off, it is refused.
  const adminToken = await apiToken(newAdmin);
  const customer = await signUpConsentingCustomer(business.id, ['whatsapp']);
  await setService(superPage, shopName, 'WhatsApp', true);
  const allowed = await sendCampaign(adminToken, business.id, 'whatsapp', 'Degustazione gratuita sabato!', customer);
  expect(allowed).toMatchObject({ status: 200, body: { message: 'Messaggio inviato con successo' } });

  await setService(superPage, shopName, 'WhatsApp', false);
  const refused = await sendCampaign(adminToken, business.id, 'whatsapp', 'Degustazione gratuita sabato!', customer);
  expect(refused).toEqual({ status: 400, body: { error: 'Servizio WhatsApp non abilitato per questo business' } });

  await superContext.close();
  await adminContext.close();
});

test('the super admin picks an admin’s business from Gestione Admin and the switcher follows', async ({ page }) => {
  await loginThroughApi(page, DEMO_SUPERADMIN);
  await openSettingsTab(page, 'Gestione Admin');
  const picker = page.getByLabel('Admin', { exact: true });
  const option = picker.locator('option', { hasText: 'admin@demo.it' });
  await picker.selectOption({ label: (await option.textContent())! });
  await page.getByRole('button', { name: 'Seleziona Profumeria Bella' }).click();
  await expect(page.getByText('Azienda Profumeria Bella selezionata')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Attività corrente: Profumeria Bella. Cambia attività' })).toBeVisible();
});

test('documentation: articles open in a dialog and the help box contacts the configured support', async ({ page }) => {
  await loginThroughApi(page);
  await page.goto('/dashboard/documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentazione' })).toBeVisible();
  await page.getByText('Comunicazioni e SMS Facili').click();
  await page.getByRole('button', { name: 'Leggi: Creare e inviare una campagna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Creare e inviare una campagna' });
  await expect(dialog).toContainText('160 caratteri');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const { support } = runtimeAddresses();
  await expect(page.getByRole('link', { name: 'Contatta il Supporto' })).toHaveAttribute('href', `mailto:${support.email}`);
  await page.getByRole('button', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Domande frequenti' })).toBeFocused();
});
