/**
 * Accounts: what staff.spec.ts does not cover (decisions 071, 078), in Chromium with its own owner, shops,
 * colleague and customer made through the API, so it runs beside the other journeys:
 * - the owner forgets their password: «Password dimenticata?» on /login → the link arrives by e-mail (the
 *   composition's mail server) → a new password → logged in with it, the old one refused;
 * - the chosen shop survives a reload;
 * - the owner disables a colleague whose dashboard is open: that page goes to /login by itself (the delay printed; the goal is a second);
 * - a logged-out phone opens a card's QR link (its add-points page), logs in and lands on that card.
 */
import { test, expect } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { apiCall as rawCall } from '../src/admin-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
import { mailsTo } from '../src/mailbox';
import { loginThroughApi } from '../src/session';
import { signUpCustomer } from '../src/shop';

test('the owner gets back in through the reset link, keeps the shop, ends a disabled colleague’s open page, and a QR scan lands on the card after login', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const tail = stamp.slice(-6);
  const owner = { email: `titolare.conti.${stamp}@example.it`, password: 'TitolareE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: owner.email, full_name: 'Titolare Conti', role: 'admin', password: owner.password });
  const ownerToken = await apiToken(owner);
  const shop = { name: `Bar Conti ${tail}`, ...(await apiCall<{ id: string }>('POST', '/business', ownerToken, { name: `Bar Conti ${tail}` })) };
  const otherShop = { name: `Forno Conti ${tail}`, ...(await apiCall<{ id: string }>('POST', '/business', ownerToken, { name: `Forno Conti ${tail}` })) };
  // The reset link leaves through the owner's first shop that really delivers e-mail (decision 071).
  await apiCall('PUT', `/settings/${shop.id}`, superToken, { email_enabled: 1 });
  await apiCall('PUT', `/twilio/settings/${shop.id}`, superToken, { driver: 'smtp', emailSender: `conti.${stamp}@example.it` });
  // A colleague with a password («Operatore di cassa» of the first shop), made by the super admin.
  const colleague = { email: `cassa.conti.${stamp}@example.it`, password: 'CassaConti2026!' };
  const made = await apiCall<{ id: string }>('POST', '/users', superToken, { ...colleague, full_name: 'Luca Cassa', role: 'admin' });
  await apiCall('PUT', `/accounts/${made.id}/role`, superToken, { role: 'staff' });
  await apiCall('PUT', `/accounts/${made.id}/shops`, superToken, { business_ids: [shop.id] });
  const customerName = `Cliente Conti ${tail}`;
  const card = await signUpCustomer(shop.id, { name: customerName, email: `cliente.conti.${stamp}@example.it`, phone: `+39 333 ${stamp.slice(-7)}` });

  // 1. «Password dimenticata?» → the link from the mailbox → a new password → logged in with it.
  await withCookieChoiceSaved(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password dimenticata?' })).toBeVisible();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se l’indirizzo appartiene a un account' })).toBeVisible();
  let link = '';
  await expect(async () => {
    const found = mailsTo(owner.email)
      .map((text) => /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0])
      .find(Boolean);
    expect(found).toBeTruthy();
    link = found!;
  }).toPass({ timeout: 20_000 });
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  const newPassword = 'NuovaTitolare2026!';
  await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
  await page.getByLabel('Ripeti la nuova password').fill(newPassword);
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password aggiornata' })).toBeVisible();
  await page.getByRole('link', { name: 'Vai all’accesso' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await rawCall('/auth/login', { method: 'POST', body: owner })).status).toBe(401);
  owner.password = newPassword;

  // 2. The chosen shop survives a reload.
  await page.getByRole('button', { name: /Attività corrente:/ }).click();
  await page.getByRole('list', { name: 'Attività' }).getByRole('button', { name: otherShop.name }).click();
  await expect(page.getByRole('button', { name: `Attività corrente: ${otherShop.name}. Cambia attività` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `Attività corrente: ${otherShop.name}. Cambia attività` })).toBeVisible();

  // 3. The colleague's dashboard is open; the owner disables them; their page goes to /login by itself.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await withCookieChoiceSaved(staffPage);
  await loginThroughApi(staffPage, colleague);
  await staffPage.goto('/dashboard/loyalty-cards');
  await expect(staffPage.getByText(customerName).first()).toBeVisible();
  // One shop: its name in the top bar, no switcher (decision 078).
  await expect(staffPage.getByText(`Attività corrente: ${shop.name}`)).toBeVisible();
  await expect(staffPage.getByRole('button', { name: /Attività corrente/ })).toHaveCount(0);

  await page.goto('/dashboard/users');
  const row = page.getByRole('table', { name: 'Colleghi' }).getByRole('row', { name: /Luca Cassa/ });
  await expect(row).toContainText('Attivo');
  await row.getByRole('button', { name: 'Disattiva Luca Cassa' }).click();
  await page.getByRole('dialog', { name: 'Disattivare l’utente?' }).getByRole('button', { name: 'Disattiva' }).click();
  const disabledAt = Date.now();
  await expect(page.getByText('Utente disattivato: le sue sessioni sono state chiuse')).toBeVisible();
  // The open page is ended by the session-events stream, not by its next call: it reaches /login without a click.
  // How fast (the goal is within a second) is a figure, printed here, not a bound: on a loaded two-core CI machine
  // the navigation itself can take longer (a run at load 18 saw it land just after 1 s).
  await expect(staffPage).toHaveURL(/\/login/);
  console.log(`la pagina aperta del collega disattivato è su /login dopo ${Date.now() - disabledAt} ms`);
  await expect(row).toContainText('Disattivato');
  expect((await rawCall('/auth/login', { method: 'POST', body: colleague })).status).toBe(403);
  await staffContext.close();

  // 4. A logged-out phone scans the card's QR: after login it is on that card, not on /dashboard.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await withCookieChoiceSaved(phonePage);
  const qrPath = `/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`;
  await phonePage.goto(qrPath);
  await expect(phonePage).toHaveURL(/\/login\?next=/);
  await phonePage.getByLabel('Email').fill(owner.email);
  await phonePage.getByLabel('Password').fill(owner.password);
  await phonePage.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(phonePage).toHaveURL((url) => url.pathname + url.search === qrPath);
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Aggiungi punti' })).toBeVisible();
  await expect(phonePage.getByText(customerName).first()).toBeVisible();
  await phone.close();
});
