/**
 * Layout stability: nothing on the overview or the QR add-points page moves once painted (cumulative layout
 * shift 0, as Chromium's own `layout-shift` entries count it), on Lighthouse's phone (412 × 823) and on a desktop.
 * The figures calls are held back by different delays, so the parts of a screen arrive in separate frames as
 * they do on a slow phone; a part that pushes an already painted one shows up here with what moved and where.
 */
import { test, expect, type Page } from '@playwright/test';
import { E2E_API_PORT } from '../src/env';
import { DEMO_ADMIN } from '../src/fixtures';
import { apiCall, apiToken } from '../src/cards-api';
import { loginThroughApi } from '../src/session';
import { createShop, signUpCustomer, type Shop } from '../src/shop';

const API = `http://127.0.0.1:${E2E_API_PORT}/api`;
const VIEWPORTS = { phone: { width: 412, height: 823 }, desktop: { width: 1280, height: 800 } };
/** Each call answers this much later than it would (ms): the top bar's shops, the overview's tiles, its report, the card
 * list, the sale's preview, the campaigns and each campaign's deliveries. */
const DELAYS: [RegExp, number][] = [
  [/\/api\/business(\?|$)/, 400],
  [/\/loyalty-cards\/business\/[^/?]+\/stats(\?|$)/, 300],
  [/\/loyalty-cards\/business\/[^/?]+\/sales-report(\?|$)/, 900],
  [/\/loyalty-cards\/business\/[^/?]+(\?|$)/, 600],
  [/\/loyalty-cards\/[^/?]+\/sale-preview/, 600],
  [/\/campaigns\/business\/[^/?]+(\?|$)/, 300],
  [/\/campaigns\/[^/?]+\/deliveries(\?|$)/, 700],
];

/** Before any script of the page: every layout shift not caused by input, with the nodes that moved. */
const OBSERVE_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        sources: (entry.sources || []).map((s) => {
          const n = s.node;
          const what = n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + ' «' + (n.textContent || '').trim().slice(0, 40) + '»' : String(n && n.nodeName);
          return what + ' ' + JSON.stringify(s.previousRect) + ' → ' + JSON.stringify(s.currentRect);
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

async function shifts(page: Page): Promise<{ value: number; sources: string[] }[]> {
  // A frame after the last change, so its shift (if any) has been reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
}

async function prepare(page: Page, account?: Shop['account']) {
  await loginThroughApi(page, account);
  await page.addInitScript(OBSERVE_SHIFTS);
  for (const [pattern, delay] of DELAYS) {
    await page.route(pattern, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    });
  }
}

async function barCentraleCard(): Promise<{ id: string; user_id: string }> {
  const login = await fetch(`${API}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const businesses = (await (await fetch(`${API}/business`, { headers })).json()) as { id: string; name: string }[];
  const bar = businesses.find((b) => b.name === 'Bar Centrale');
  expect(bar, 'the demo admin owns Bar Centrale').toBeTruthy();
  const cards = (await (await fetch(`${API}/loyalty-cards/business/${bar!.id}`, { headers })).json()) as { id: string; user_id: string }[];
  return cards[cards.length - 1];
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('the overview paints its tiles, report and card list without moving anything already shown', async ({ page }) => {
      await prepare(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('region', { name: 'Vendite e visite' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Carte totali')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first()).toBeAttached({ timeout: 20_000 });
      const seen = await shifts(page);
      expect(seen, JSON.stringify(seen, null, 1)).toEqual([]);
    });

    test('the cards screen paints its search first, then the owner’s tools and the list under it, moving nothing', async ({ page }) => {
      // Decision 094: the search and filter painted from the HTML stay where they are when the shop, the owner's
      // tools (exports, import, bonus threshold) and the cards arrive below them.
      await prepare(page);
      await page.goto('/dashboard/loyalty-cards');
      await expect(page.getByRole('searchbox', { name: 'Cerca per nome, e-mail, numero carta o telefono' })).toBeEnabled({ timeout: 20_000 });
      // On a phone the owner's tools come folded under one line, so the first cards follow the search.
      const tools = page.locator('summary', { hasText: 'Esporta, importa e soglia bonus' });
      await expect(tools).toBeVisible();
      const folded = viewport.width < 720;
      await expect(page.getByRole('group', { name: 'Importa ed esporta' })).toBeVisible({ visible: !folded });
      await expect(page.getByRole('form', { name: 'Soglia bonus' })).toBeVisible({ visible: !folded });
      await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first()).toBeAttached({ timeout: 20_000 });
      if (folded) {
        const firstCard = page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first();
        expect((await firstCard.boundingBox())!.y, 'a card in the first screenful').toBeLessThan(viewport.height);
      }
      const seen = await shifts(page);
      expect(seen, JSON.stringify(seen, null, 1)).toEqual([]);
      if (folded) {
        await tools.click();
        await expect(page.getByRole('group', { name: 'Importa ed esporta' })).toBeVisible();
        await expect(page.getByRole('form', { name: 'Soglia bonus' })).toBeVisible();
      }
    });

    test('the campaigns screen paints each campaign, then its delivery figures, without moving the ones below', async ({ page }) => {
      // A shop of its own, so the list is only these (campaigns other journeys send move their own cards' figures).
      const shop = await createShop('Enoteca Campagne Ferme');
      const token = await apiToken(shop.account);
      for (const name of ['Degustazione di ottobre', 'Vini novelli', 'Brindisi di fine anno']) {
        await apiCall('POST', '/campaigns', token, { businessId: shop.businessId, name, description: `${name}: uno sconto per chi ha la carta`, channels: ['whatsapp'], segment: { kind: 'all' } });
      }
      await prepare(page, shop.account);
      let deliveries = 0;
      page.on('response', (response) => {
        if (/\/campaigns\/[^/?]+\/deliveries(\?|$)/.test(response.url())) deliveries += 1;
      });
      await page.goto('/dashboard/campaigns');
      const list = page.getByRole('list', { name: 'Campagne' });
      await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
      // Every campaign's live figures in (each card asks for its own), and shown: no progress still busy.
      const campaigns = await list.locator(':scope > li').count();
      await expect.poll(() => deliveries, { timeout: 20_000 }).toBeGreaterThanOrEqual(campaigns);
      await expect(list.locator('[aria-busy="true"]')).toHaveCount(0);
      const seen = await shifts(page);
      expect(seen, JSON.stringify(seen, null, 1)).toEqual([]);
    });

    test('the QR add-points page paints the card and «Scansiona» without moving them', async ({ page }) => {
      const card = await barCentraleCard();
      await prepare(page);
      await page.goto(`/dashboard/add-points?card_id=${encodeURIComponent(card.id)}&user_id=${encodeURIComponent(card.user_id)}`);
      await expect(page.getByRole('form', { name: 'Vendita' }).getByLabel('Importo speso (€)')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Scansiona' })).toBeVisible();
      const seen = await shifts(page);
      expect(seen, JSON.stringify(seen, null, 1)).toEqual([]);
    });

    test('an amount typed and cleared moves nothing below it: the click that leaves the field opens «Riscatta premio»', async ({ page }) => {
      // Found trying the product: the empty amount's message appeared as the field lost focus and pushed the buttons
      // below it down under the pointer, so that click opened nothing. The message now has its line kept.
      const card = await barCentraleCard();
      await prepare(page);
      await page.goto(`/dashboard/add-points?card_id=${encodeURIComponent(card.id)}&user_id=${encodeURIComponent(card.user_id)}`);
      const amount = page.getByRole('form', { name: 'Vendita' }).getByLabel('Importo speso (€)');
      await expect(amount).toBeVisible({ timeout: 20_000 });
      const redeem = page.getByRole('button', { name: 'Riscatta premio' });
      await expect(redeem).toBeVisible();
      await amount.fill('12');
      await amount.fill('');
      const before = await redeem.boundingBox();
      await redeem.click();
      await expect(page.getByRole('dialog', { name: /^Riscatta premio/ })).toBeVisible();
      await expect(page.getByText('Scrivi l’importo speso')).toBeVisible();
      expect(await redeem.boundingBox()).toEqual(before);
    });

    test('a long points line (a large amount, two promotions) moves nothing below it: «Conferma vendita» stays under the pointer', async ({ page }) => {
      // Found by a counter journey: «2350» with «Doppi punti oggi» wrapped the line under the amount as the preview
      // came in, and pushed «Conferma vendita» down while the click was on its way: no «Importo alto», no sale.
      const shop = await createShop('Riga lunga');
      const token = await apiToken(shop.account);
      await apiCall('PUT', `/rewards/business/${shop.businessId}/program`, token, { earning_rule: 'per_euro' });
      await apiCall('POST', '/rewards/promotions', token, { businessId: shop.businessId, name: 'Doppi punti del fine settimana lungo', multiplier: 2 });
      await apiCall('POST', '/rewards/promotions', token, { businessId: shop.businessId, name: 'Benvenuto al nuovo negozio', bonus_points: 20 });
      const stamp = `${Date.now()}`.slice(-7);
      const card = await signUpCustomer(shop.businessId, { name: 'Rita Lunga', email: `riga.${stamp}@example.it`, phone: `+39 333 5${stamp.slice(-6)}` });
      await prepare(page, shop.account);
      await page.goto(`/dashboard/add-points?card_id=${encodeURIComponent(card.id)}&user_id=${encodeURIComponent(card.user_id)}`);
      const form = page.getByRole('form', { name: 'Vendita' });
      const amount = form.getByLabel('Importo speso (€)');
      await expect(amount).toBeVisible({ timeout: 20_000 });
      const confirm = form.getByRole('button', { name: 'Conferma vendita' });
      const before = await confirm.boundingBox();
      // The preview answers 600 ms after the amount (DELAYS): past the 500 ms in which a shift counts as the user's own.
      await amount.fill('99999,99');
      const line = form.getByRole('status');
      await expect(line).toContainText('99.999,99 €: +');
      await expect(line).toContainText('Doppi punti del fine settimana lungo');
      await expect(line).toContainText('Benvenuto al nuovo negozio');
      expect(await confirm.boundingBox()).toEqual(before);
      const seen = await shifts(page);
      expect(seen, JSON.stringify(seen, null, 1)).toEqual([]);
    });
  });
}
