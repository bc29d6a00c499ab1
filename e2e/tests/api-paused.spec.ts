/**
 * Honest under trouble (decision 083), with the shared API paused (SIGSTOP: connections taken, nothing answers)
 * and then stopped: a request without an answer for 8 s says so where the user waits, with «Riprova»; a points
 * change made while the API was paused, even sent again with «Riprova», ends saved exactly once when it answers
 * again; with the API gone every screen says the connection is lost, and the dashboard recovers by itself. On a
 * composition and an API of its own (src/own-api.ts), beside the journeys.
 */
import { test, expect } from '@playwright/test';
import { apiCall, apiToken, cardCount } from '../src/cards-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
import { useOwnApi } from '../src/own-api';
import { OWN_COMPOSITIONS } from '../src/own-composition';
import { loginThroughApi } from '../src/session';
import { signUpCustomer } from '../src/shop';

test.describe.configure({ mode: 'serial' });

const ownApi = useOwnApi('api-paused', OWN_COMPOSITIONS.apiPaused);

const STALLED = 'Il server non risponde. Riprova tra poco.';
const LOST = 'Connessione al server persa. Riprovo appena torna disponibile.';

test('[api] paused then stopped: the 8 s notice, a points change saved once, the lost connection and its recovery', async ({ page, browser }) => {
  const api = ownApi();
  test.setTimeout(180_000);
  // A shop with one customer, on the drill's own API.
  const stamp = `${Date.now()}`.slice(-7);
  const account = { email: `pausa.${stamp}@example.it`, password: 'PausaE2e2026!' };
  const own = `${api.url}/api`;
  await apiCall('POST', '/users', await apiToken(DEMO_SUPERADMIN, own), { email: account.email, full_name: 'Admin Pausa', role: 'admin', password: account.password }, own);
  const token = await apiToken(account, own);
  const business = await apiCall<{ id: string }>('POST', '/business', token, { name: `Bar Pausa ${stamp}` }, own);
  await signUpCustomer(business.id, { name: 'Paola Pausa', email: `paola.${stamp}@example.it`, phone: `+39 333 4${stamp.slice(-6)}` }, own);
  const [card] = await apiCall<{ id: string; points: number }[]>('GET', `/loyalty-cards/business/${business.id}`, token, undefined, own);
  expect(card.points).toBe(0);

  await withCookieChoiceSaved(page);
  await loginThroughApi(page, account, api.url);
  await page.goto('/dashboard/loyalty-cards');
  await expect(page.getByText(cardCount(1), { exact: true })).toBeVisible();
  const row = page.getByRole('article', { name: 'Paola Pausa' });

  // Paused: the points change waits; after 8 s the row says so, and «Riprova» sends the same change again.
  api.pause();
  try {
    await row.getByLabel('Punti per Paola Pausa').fill('7');
    await row.getByLabel('Descrizione per Paola Pausa').fill('Spesa in pausa');
    await row.getByRole('button', { name: 'Aggiorna Paola Pausa' }).click();
    const stalled = row.getByRole('alert').filter({ hasText: STALLED });
    await expect(stalled).toHaveCount(0);
    await expect(stalled).toBeVisible({ timeout: 15_000 });
    // Whole inside the row (a row has the list's fixed height and hides what overflows it).
    const [rowBox, noticeBox] = [await row.boundingBox(), await stalled.boundingBox()];
    expect(noticeBox!.y).toBeGreaterThanOrEqual(rowBox!.y);
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
    const retry = stalled.getByRole('button', { name: 'Riprova' });
    await retry.focus();
    await expect(retry).toBeFocused();
    await retry.click();
  } finally {
    api.resume();
  }
  // Back: the change is confirmed, and the ledger holds it once (the first send and the second carried one key).
  await expect(page.getByText('Punti aggiornati')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('alert').filter({ hasText: STALLED })).toHaveCount(0);
  const ledger = await apiCall<{ description: string; points: number }[]>('GET', `/loyalty-cards/${card.id}/ledger`, token, undefined, own);
  expect(ledger.filter((entry) => entry.description === 'Spesa in pausa')).toHaveLength(1);
  expect((await apiCall<{ points: number }>('GET', `/loyalty-cards/${card.id}`, token, undefined, own)).points).toBe(7);

  // Paused again: a screen opened meanwhile, and a login in another browser, wait, then say so; both go on once
  // the API answers.
  const sidebar = page.getByRole('navigation', { name: 'Sezioni della dashboard' });
  const main = page.locator('main');
  const other = await browser.newContext();
  const loginPage = await other.newPage();
  try {
    await withCookieChoiceSaved(loginPage);
    await loginPage.goto('/login');
    await expect(loginPage.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
    api.pause();
    try {
      await loginPage.getByLabel('Email').fill(account.email);
      await loginPage.getByLabel('Password').fill(account.password);
      await loginPage.getByRole('button', { name: 'Accedi', exact: true }).click();
      await sidebar.getByRole('link', { name: 'Premi' }).click();
      await expect(page).toHaveURL(/\/dashboard\/rewards$/);
      await expect(main.getByRole('alert').filter({ hasText: STALLED })).toBeVisible({ timeout: 15_000 });
      await expect(main.getByRole('button', { name: 'Riprova' })).toBeVisible();
      const loginNotice = loginPage.getByRole('alert').filter({ hasText: STALLED });
      await expect(loginNotice).toBeVisible();
      await expect(loginNotice.getByRole('button', { name: 'Riprova' })).toBeVisible();
    } finally {
      api.resume();
    }
    await expect(main.getByRole('alert').filter({ hasText: STALLED })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Premi' })).toBeVisible();
    await expect(loginPage).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  } finally {
    await other.close();
  }

  // Stopped: the next request meets no API; every screen says the connection is lost, not that the rest works.
  await api.stop();
  const banner = page.getByRole('status').filter({ hasText: LOST });
  await sidebar.getByRole('link', { name: 'Campagne' }).click();
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Le altre parti della dashboard funzionano normalmente.')).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Documentazione' }).click();
  await expect(banner).toBeVisible();

  // Back: the banner goes by itself, and a screen that failed meanwhile loads without «Riprova».
  await sidebar.getByRole('link', { name: 'Campagne' }).click();
  await api.restart();
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await expect(main.getByRole('alert').filter({ hasText: 'Errore durante il caricamento delle campagne' })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Campagne' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});
