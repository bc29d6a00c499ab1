/**
 * The counter (decision 075), end to end in Chromium: the owner sets «1 punto ogni 1 €» and «doppi punti oggi» on
 * the Premi screen; on the card's page (the one its QR opens) «23,50» shows 46 points before confirming; a double
 * tap records one sale; a second sale within 60 s asks first; the card's history and the overview show the amount; a per-visit shop
 * refuses a second visit the same day (its card's page opened from the list, by the customer's name). Each journey makes its own admin, business and customer through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { DEMO_SUPERADMIN } from '../src/fixtures';
import { withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';
import { signUpCustomer } from '../src/shop';

interface Shop {
  account: { email: string; password: string };
  token: string;
  businessId: string;
  card: { id: string; user_id: string; name: string };
}

async function newShop(label: string): Promise<Shop> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `banco.${stamp}@example.it`, password: 'BancoE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: account.email, full_name: `Admin ${label}`, role: 'admin', password: account.password });
  const token = await apiToken(account);
  const business = await apiCall<{ id: string }>('POST', '/business', token, { name: `${label} ${stamp.slice(-6)}` });
  const name = `Cliente ${label} ${stamp.slice(-4)}`;
  const card = await signUpCustomer(business.id, { name, email: `cliente.banco.${stamp}@example.it`, phone: `+39 333 ${stamp.slice(-7)}` });
  return { account, token, businessId: business.id, card: { ...card, name } };
}

const addPointsLink = (card: Shop['card']) => `/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`;
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const salesOf = async (shop: Shop) =>
  (await apiCall<{ amount_cents: number | null; points: number }[]>('GET', `/loyalty-cards/${shop.card.id}/ledger`, shop.token)).filter((e) => e.amount_cents !== null);

test('per euro with double points: 23,50 € earns 46, a double tap records one sale, a second sale within 60 s asks first', async ({ page }) => {
  const shop = await newShop('Euro');
  await withCookieChoiceSaved(page);
  await loginThroughApi(page, shop.account);

  // The owner: «1 punto ogni 1 €» and «doppi punti oggi».
  await page.goto('/dashboard/rewards');
  const program = page.getByRole('form', { name: 'Programma fedeltà' });
  await program.getByLabel('Come si guadagnano i punti').selectOption({ label: 'Dall’importo speso' });
  await expect(program.getByLabel('Ogni (€)')).toHaveValue('1');
  await expect(program.getByLabel('Punti guadagnati')).toHaveValue('1');
  await program.getByRole('button', { name: 'Salva programma' }).click();
  await expect(page.getByText('Programma fedeltà salvato')).toBeVisible();
  const promotion = page.getByRole('form', { name: 'Nuova promozione' });
  await promotion.getByLabel('Nome della promozione').fill('Doppi punti oggi');
  await promotion.getByLabel('Dal (facoltativo)', { exact: true }).fill(romeToday());
  await promotion.getByLabel('Al (facoltativo)', { exact: true }).fill(romeToday());
  await promotion.getByRole('button', { name: 'Crea promozione' }).click();
  await expect(page.getByRole('list', { name: 'Promozioni' })).toContainText('Doppi punti oggi');

  // The counter: the amount, the points before confirming, one sale for a double tap.
  await page.goto(addPointsLink(shop.card));
  const amount = page.getByLabel('Importo speso (€)');
  await amount.fill('23,50');
  await expect(page.getByRole('form', { name: 'Vendita' }).getByRole('status')).toContainText('+46 punti (Doppi punti oggi)');
  await page.getByRole('button', { name: 'Conferma vendita' }).dblclick();
  await expect(page.getByText(/Vendita registrata \(23,50 €\): \+46 punti/)).toContainText('Nuovo saldo: 46 punti');
  await expect(page.getByTestId('card-balance')).toHaveText('46 punti');
  // Ready for the next customer's amount: the keyboard is in the emptied field, not on the page.
  await expect(amount).toBeFocused();
  expect(await salesOf(shop)).toEqual([expect.objectContaining({ amount_cents: 2350, points: 46 })]);

  // A second sale within 60 s asks first; «Annulla» saves nothing.
  await amount.fill('10');
  await page.getByRole('button', { name: 'Conferma vendita' }).click();
  const question = page.getByRole('dialog', { name: 'Vendita appena registrata' });
  await expect(question).toContainText("Hai appena registrato 46 punti su questa carta: registrare un'altra vendita?");
  await question.getByRole('button', { name: 'Annulla' }).click();
  await expect(question).toBeHidden();
  expect(await salesOf(shop)).toHaveLength(1);

  // «23,50» typed without its comma: «Importo alto» asks before anything leaves, «Correggi l’importo» puts the
  // keyboard back in the amount, nothing saved.
  await amount.fill('2350');
  await page.getByRole('button', { name: 'Conferma vendita' }).click();
  const large = page.getByRole('dialog', { name: 'Importo alto' });
  await expect(large).toContainText('Stai registrando una vendita di 2.350,00 € (+4.700 punti). L’importo è giusto?');
  await large.getByRole('button', { name: 'Correggi l’importo' }).click();
  await expect(large).toBeHidden();
  await expect(amount).toBeFocused();
  expect(await salesOf(shop)).toHaveLength(1);
  await amount.fill('');

  // An adjustment saved from the keyboard: its button, disabled while it saves, has the focus back once done (a
  // browser had left it on the page).
  await page.getByText('Rettifica punti').click();
  const adjustment = page.getByRole('form', { name: 'Rettifica punti' });
  await adjustment.getByLabel('Punti (negativi per togliere)').fill('5');
  await adjustment.getByLabel('Descrizione').fill('Scontrino dimenticato');
  const save = adjustment.getByRole('button', { name: 'Salva rettifica' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Nuovo saldo: 51 punti/)).toBeVisible();
  await expect(save).toBeFocused();

  // The card's history shows the amount.
  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Carte Fedeltà', exact: true }).click();
  await page.getByRole('button', { name: `Movimenti di ${shop.card.name}` }).click();
  const ledger = page.getByRole('dialog', { name: new RegExp(shop.card.name) });
  await expect(ledger.getByRole('row').filter({ hasText: 'Doppi punti oggi' })).toContainText('23,50 €');
  await ledger.getByRole('button', { name: 'Chiudi' }).click();

  // The overview shows it too (decision 079): this month's spend, the visit, and the month's row of the table.
  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Panoramica', exact: true }).click();
  const report = page.getByRole('region', { name: 'Vendite e visite' });
  const figure = (term: string) => report.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Spesa registrata questo mese')).toHaveText('23,50 €');
  await expect(figure('Visite questo mese')).toHaveText('1');
  await expect(figure('Spesa media per visita')).toHaveText('23,50 €');
  await expect(report.getByRole('table', { name: 'Spesa, visite e premi riscattati per mese' }).getByRole('row').last()).toContainText('23,50 €');
  // With figures in it (a shop of its own, one sale: the figures this journey made): no serious or critical axe finding.
  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="sales-report-title"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('per visit: one visit per card and day, the second refused with a clear message', async ({ page }) => {
  const shop = await newShop('Visite');
  await apiCall('PUT', `/rewards/business/${shop.businessId}/program`, shop.token, { earning_rule: 'per_visit', visit_points: 1 });
  await withCookieChoiceSaved(page);
  // The cards screen's forms take the resolvers' one shared copy without a version warning (their `zod` subpath has
  // a package.json of its own, version 1.0.0: the build gives it the package's).
  const versionWarnings: string[] = [];
  page.on('console', (m) => /does not satisfy the requirement/.test(m.text()) && versionWarnings.push(m.text()));
  await loginThroughApi(page, shop.account);
  // Staff without a camera, or a customer without the card in hand: the card's page from the list, by the name.
  await page.goto('/dashboard/loyalty-cards');
  await page.getByRole('article', { name: shop.card.name }).getByRole('link', { name: shop.card.name }).click();
  await expect(page).toHaveURL(addPointsLink(shop.card));
  await page.getByRole('button', { name: 'Registra visita' }).click();
  await expect(page.getByTestId('card-balance')).toHaveText('1 punto');
  await page.getByRole('button', { name: 'Registra visita' }).click();
  // The day's visit is refused before any 60-second question: there is nothing to confirm.
  await expect(page.getByRole('form', { name: 'Vendita' }).getByRole('alert')).toHaveText(
    'Questa carta ha già registrato la visita di oggi: con la regola a visita vale una volta al giorno',
  );
  await expect(page.getByTestId('card-balance')).toHaveText('1 punto');
  const ledger = await apiCall<{ points: number; description: string }[]>('GET', `/loyalty-cards/${shop.card.id}/ledger`, shop.token);
  expect(ledger.filter((e) => e.description === 'Visita')).toHaveLength(1);
  expect(versionWarnings).toEqual([]);
});
