/**
 * A card's ledger (Carte Fedeltà → Movimenti) shows every column: on a 1280 px desktop the dialog is wide
 * enough for all five, none cut behind the table's scroll; on a 360 px phone the table scrolls sideways in its
 * own box (shared's TableScroll, decision 084) with a visible cue, each column reachable there under its header,
 * and the page itself never scrolls sideways. On a shop of the journey's own, with a sale's long description
 * and an operator's long name.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { apiCall, apiToken } from '../src/cards-api';
import { loginThroughApi } from '../src/session';
import { createShop, signUpCustomer, type Shop } from '../src/shop';

const HEADERS = ['Data', 'Tipo', 'Punti', 'Descrizione', 'Operatore'];
const DESCRIPTION = 'Vendita di 23,50 € · Doppi punti il martedì';

let shop: Shop;
let customer: string;
test.beforeAll(async () => {
  shop = await createShop('Movimenti Bartolomeo Bianchi');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  customer = `Cliente Movimenti ${stamp.slice(-4)}`;
  const card = await signUpCustomer(shop.businessId, { name: customer, email: `movimenti.${stamp}@example.it`, phone: `+39 333 ${stamp.slice(-7)}` });
  const token = await apiToken(shop.account);
  await apiCall('POST', `/loyalty-cards/${card.id}/points`, token, { points: 47, description: DESCRIPTION });
  await apiCall('POST', `/loyalty-cards/${card.id}/points`, token, { points: -5, description: 'Correzione' });
});

async function openLedger(page: Page): Promise<{ dialog: Locator; region: Locator }> {
  await loginThroughApi(page, shop.account);
  await page.goto('/dashboard/loyalty-cards');
  await page.getByRole('button', { name: `Movimenti di ${customer}` }).click();
  const dialog = page.getByRole('dialog', { name: `Movimenti di ${customer}` });
  const region = dialog.getByRole('region', { name: 'Tabella dei movimenti' });
  await expect(region.getByRole('row').filter({ hasText: DESCRIPTION })).toHaveCount(1, { timeout: 20_000 });
  expect(await region.getByRole('columnheader').allTextContents()).toEqual(HEADERS);
  return { dialog, region };
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
/** Whether `inner` lies inside `outer`, give or take a pixel of rounding. */
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1 && inner.y + inner.height <= outer.y + outer.height + 1;
const fitsItsText = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth);
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The header cells and the cells of the sale's row, column by column. */
function columns(region: Locator): { header: Locator; cell: Locator; name: string }[] {
  const row = region.getByRole('row').filter({ hasText: DESCRIPTION });
  return HEADERS.map((name, i) => ({ name, header: region.getByRole('columnheader').nth(i), cell: row.getByRole('cell').nth(i) }));
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every column of the ledger shows whole inside the dialog, with no scrolling', async ({ page }) => {
    const { dialog, region } = await openLedger(page);
    const dialogBox = await box(dialog);
    const regionBox = await box(region);
    expect(inside(regionBox, dialogBox)).toBe(true);
    // The table fits its box: nothing behind a sideways scroll, so no cue either.
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(dialog.getByText('Scorri la tabella di lato')).toBeHidden();
    for (const { name, header, cell } of columns(region)) {
      expect(inside(await box(header), regionBox), `header ${name}`).toBe(true);
      expect(inside(await box(cell), regionBox), `cell ${name}`).toBe(true);
      expect(await fitsItsText(header), `header ${name} text`).toBe(true);
      expect(await fitsItsText(cell), `cell ${name} text`).toBe(true);
    }
    await expect(columns(region)[3].cell).toHaveText(DESCRIPTION);
    await expect(columns(region)[4].cell).toHaveText('Admin Movimenti Bartolomeo Bianchi');
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});

test.describe('phone, 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the ledger scrolls in its own box with a cue, every column reachable under its header; the page does not', async ({ page }) => {
    const { dialog, region } = await openLedger(page);
    const dialogBox = await box(dialog);
    const regionBox = await box(region);
    expect(inside(regionBox, dialogBox)).toBe(true);
    expect(await pageScrollsSideways(page)).toBe(false);
    // The table is wider than its box, and the dialog says so above it.
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const hint = dialog.getByText('Scorri la tabella di lato per vedere tutte le colonne');
    await expect(hint).toBeVisible();
    expect(inside(await box(hint), dialogBox)).toBe(true);
    for (const { name, header, cell } of columns(region)) {
      // Scrolled to in the table's box, the cell and its column's header show whole there.
      await cell.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      const shown = await box(region);
      expect(inside(await box(cell), shown), `cell ${name}`).toBe(true);
      const headerBox = await box(header);
      const cellBox = await box(cell);
      expect(headerBox.x >= shown.x - 1 && headerBox.x + headerBox.width <= shown.x + shown.width + 1, `header ${name}`).toBe(true);
      expect(Math.abs(headerBox.x - cellBox.x) <= 1, `header ${name} over its cells`).toBe(true);
      expect(inside(shown, await box(dialog)), `box after scrolling to ${name}`).toBe(true);
      expect(await fitsItsText(header), `header ${name} text`).toBe(true);
      expect(await fitsItsText(cell), `cell ${name} text`).toBe(true);
      expect(await pageScrollsSideways(page), `page after scrolling to ${name}`).toBe(false);
    }
  });
});
