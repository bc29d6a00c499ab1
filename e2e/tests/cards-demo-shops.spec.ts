/**
 * The cards remote on the demo shops: overview, switching business, the loyalty cards screen (search, filter,
 * points with their history, delete) and the bonus the server sends once however many admins have the screen
 * open. It counts the demo shops' cards, which other journeys sign customers up to on the shared API: it runs on
 * a composition and an API of its own (src/own-api.ts, demo data seeded at its first start), whose demo shops only
 * it touches, beside the other journeys.
 */
import { test, expect, type Page } from '@playwright/test';
import { apiCall, apiToken, businessCards, cardCount, italianNumber, whatsappMessagesOf } from '../src/cards-api';
import { CARD_SEARCH_LABEL, searchCards } from '../src/cards-screen';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';
import { useOwnApi } from '../src/own-api';
import { OWN_COMPOSITIONS } from '../src/own-composition';
import { signUpCustomer } from '../src/shop';

const PROFUMERIA = 'demo-profumeria-bella';

const ownApi = useOwnApi('cards-demo-shops', OWN_COMPOSITIONS.cardsDemoShops);

const tile = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function switchBusiness(page: Page, name: string) {
  await page.getByRole('button', { name: /Attività corrente:/ }).click();
  await page.getByRole('list', { name: 'Attività' }).getByRole('button', { name }).click();
  await expect(page.getByRole('button', { name: new RegExp(`Attività corrente: ${name}`) })).toBeVisible();
}

test('overview, switching business, search, filter, points with history, delete and one bonus for two admins', async ({ page, browser }) => {
  // Every call below goes to this journey's own API, which the page's /api reaches through its own composition.
  const { url } = ownApi();
  const own = `${url}/api`;
  await withCookieChoiceSaved(page);
  await loginThroughApi(page, undefined, url);
  await page.goto('/dashboard');
  await expect(page.getByText('Carte fedeltà di Bar Centrale')).toBeVisible();
  // The tile shows what the API counts.
  await expect(tile(page, 'Carte totali')).toHaveText(italianNumber((await businessCards('default-business-id', own)).length));
  await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('article').first()).toBeVisible();

  // Switching business refreshes the data without a reload.
  const marker = await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = Math.random()));
  await switchBusiness(page, 'Profumeria Bella');
  await expect(page.getByText('Carte fedeltà di Profumeria Bella')).toBeVisible();
  await expect(tile(page, 'Carte totali')).toHaveText(italianNumber((await businessCards(PROFUMERIA, own)).length));
  expect(await page.evaluate(() => (window as unknown as { e2eMarker: number }).e2eMarker)).toBe(marker);
  await page.getByRole('tab', { name: 'Grafici' }).click();
  await expect(page.getByRole('figure', { name: 'Distribuzione dei punti' }).locator('svg').first()).toBeVisible();

  // A customer of the Profumeria just below the bonus threshold (1000), prepared through the API.
  const admin = await apiToken(undefined, own);
  const bonusCard = await signUpCustomer(PROFUMERIA, { name: 'Beatrice Bonus', email: `bonus.${Date.now()}@example.it`, phone: '+39 333 7654321' }, own);
  await apiCall('POST', `/loyalty-cards/${bonusCard.id}/points`, admin, { points: 950, description: 'Spesa grande' }, own);
  // And a new customer without points, the one this journey deletes.
  const fresh = await signUpCustomer(PROFUMERIA, { name: `Settimio Zero ${Date.now()}`, email: `senza.punti.${Date.now()}@example.it`, phone: '+39 333 7654322' }, own);

  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Carte Fedeltà', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carte Fedeltà' })).toBeVisible();

  // The threshold is the business's, kept by the server; a change that would send messages asks first.
  const threshold = page.getByLabel('Soglia bonus (punti)');
  await expect(threshold).toHaveValue('1000');
  await threshold.fill('900');
  await page.getByRole('button', { name: 'Salva soglia' }).click();
  const question = page.getByRole('dialog', { name: 'Nuova soglia bonus' });
  await expect(question).toContainText(/La nuova soglia invierà (1 messaggio|\d+ messaggi) bonus\. Confermi\?/);
  await question.getByRole('button', { name: 'Annulla' }).click();
  await expect(question).toBeHidden();
  await expect(threshold).toHaveValue('1000');
  expect(await whatsappMessagesOf(bonusCard.id, own)).toHaveLength(0);

  // Only the rows in view are in the DOM.
  const cards = await businessCards(PROFUMERIA, own);
  await expect(page.getByText(cardCount(cards.length), { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Carte fedeltà' });
  await expect(list.getByRole('article').first()).toBeVisible();
  expect(await list.getByRole('listitem').count()).toBeLessThan(cards.length);

  // Search and filter, server-side.
  const inactive = cards.find((c) => c.id === fresh.id)!;
  const active = cards.find((c) => c.points > 0 && c.points < 1000 && c.id !== bonusCard.id)!;
  const search = page.getByLabel(CARD_SEARCH_LABEL);
  await search.fill(inactive.card_number);
  await expect(page.getByText('1 carta', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: inactive.customer_name })).toBeVisible();
  await search.fill('');
  await page.getByLabel('Stato').selectOption({ label: 'Attive' });
  await expect(page.getByText(cardCount(cards.filter((c) => c.points > 0).length), { exact: true })).toBeVisible();
  await page.getByLabel('Stato').selectOption({ label: 'Inattive' });
  await expect(page.getByText(cardCount(cards.filter((c) => c.points === 0).length), { exact: true })).toBeVisible();
  await page.getByLabel('Stato').selectOption({ label: 'Tutte' });

  // Points with a decimal, then the history shows the change.
  // Typed into the row of the list the search's answer replaces, the text would go with it (searchCards waits for it).
  await searchCards(page, active.customer_name);
  const named = (c: (typeof cards)[number]) => c.customer_name.toLowerCase().includes(active.customer_name.toLowerCase());
  await expect(page.getByText(cardCount(cards.filter(named).length), { exact: true })).toBeVisible();
  const row = page.getByRole('article', { name: active.customer_name });
  await row.getByLabel(`Punti per ${active.customer_name}`).fill('7,5');
  await row.getByRole('button', { name: `Aggiorna ${active.customer_name}` }).click();
  await expect(page.getByText('Compila sia punti che descrizione')).toBeVisible();
  await row.getByLabel(`Descrizione per ${active.customer_name}`).fill('Visita e2e');
  await row.getByRole('button', { name: `Aggiorna ${active.customer_name}` }).click();
  await expect(page.getByText('Punti aggiornati')).toBeVisible();
  const newBalance = italianNumber(active.points + 7.5);
  await expect(row.getByText(`${newBalance} punti`)).toBeVisible();
  await row.getByRole('button', { name: `Movimenti di ${active.customer_name}` }).click();
  const ledger = page.getByRole('dialog', { name: `Movimenti di ${active.customer_name}` });
  await expect(ledger.getByRole('row').nth(1)).toContainText('+7,5');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Visita e2e');
  await page.keyboard.press('Escape');
  await expect(ledger).toBeHidden();

  // Delete, after the product's confirmation naming the customer.
  await searchCards(page, inactive.customer_name);
  const doomed = page.getByRole('article', { name: inactive.customer_name });
  await doomed.getByRole('button', { name: `Elimina ${inactive.customer_name}` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Eliminare questa carta?' });
  await expect(confirmation).toContainText(`La carta di ${inactive.customer_name}`);
  await confirmation.getByRole('button', { name: 'Elimina carta' }).click();
  await expect(page.getByText('Carta eliminata')).toBeVisible();
  await expect(doomed).toBeHidden();
  expect((await businessCards(PROFUMERIA, own)).some((c) => c.id === inactive.id)).toBe(false);

  // Two admins of the Profumeria on the cards screen at once, each in a browser of its own: the demo admin
  // here, the demo super admin there. Both add points to the customer at 950 at the same moment; the
  // balance crosses 1000 and the server queues exactly one bonus, whoever's change did it.
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await withCookieChoiceSaved(other);
    await loginThroughApi(other, DEMO_SUPERADMIN, url);
    await other.goto('/dashboard/loyalty-cards');
    await expect(other.getByRole('heading', { level: 1, name: 'Carte Fedeltà' })).toBeVisible();
    await switchBusiness(other, 'Profumeria Bella');
    const rows = [page, other].map((screen) => screen.getByRole('article', { name: 'Beatrice Bonus' }));
    for (const [screen, row] of [[page, rows[0]], [other, rows[1]]] as const) {
      // Typed into the row of the searched list, as a person who sees it would, not into the one it replaces.
      await searchCards(screen, 'Beatrice Bonus');
      await expect(screen.getByText('1 carta', { exact: true })).toBeVisible();
      await expect(row.getByText('950 punti')).toBeVisible();
      await expect(row.getByText(/bonus inviato il/)).toHaveCount(0);
      await row.getByLabel('Punti per Beatrice Bonus').fill('100');
      await row.getByLabel('Descrizione per Beatrice Bonus').fill('Cassa e2e');
    }
    await Promise.all(rows.map((row) => row.getByRole('button', { name: 'Aggiorna Beatrice Bonus' }).click()));
    await expect(page.getByText('Punti aggiornati')).toBeVisible();
    await expect(other.getByText('Punti aggiornati')).toBeVisible();

    const today = new Date().toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
    await expect.poll(() => whatsappMessagesOf(bonusCard.id, own).then((m) => m.length), { timeout: 15_000 }).toBe(1);
    // Each screen, loaded again, shows what the server recorded.
    for (const screen of [page, other]) {
      await screen.reload();
      await switchBusiness(screen, 'Profumeria Bella');
      await searchCards(screen, 'Beatrice Bonus');
      const row = screen.getByRole('article', { name: 'Beatrice Bonus' });
      await expect(row.getByText(/^1\.?150 punti$/)).toBeVisible();
      await expect(row.getByText(`bonus inviato il ${today}`)).toBeVisible();
      await expect(row.getByText('Bonus!')).toHaveCount(0);
    }
    // Time for a wrongly repeated message to be written: still one, with the business's text.
    await page.waitForTimeout(1500);
    const sent = await whatsappMessagesOf(bonusCard.id, own);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatch(/^Complimenti Beatrice Bonus! Con 1\.050 punti hai raggiunto un premio da Profumeria Bella\.$/);
  } finally {
    await otherContext.close();
  }
});
