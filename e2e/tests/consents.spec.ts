/**
 * A card's consent history (decision 047) in the composed app. A customer signs up with WhatsApp
 * marketing, an admin opens "Storico consensi" on the card's row and reads the events in Italian; the row keeps
 * every control inside its box at phone to desktop widths with the extra button. Decision 050: the admin records,
 * in the same dialog, what the customer asked at the counter; the history gains the "registrato da" row.
 */
import { test, expect, type Page } from '@playwright/test';
import { searchCards } from '../src/cards-screen';
import { withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';
import { createShop, signUpCustomer, type Shop } from '../src/shop';

/** The shop's admin on the cards screen of its one business, the card of `name` found. */
async function openCards(page: Page, shop: Shop, name: string) {
  await withCookieChoiceSaved(page);
  await loginThroughApi(page, shop.account);
  await page.goto('/dashboard');
  // One business: its name in the top bar, no switcher (decision 078).
  await expect(page.getByText(`Attività corrente: ${shop.businessName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Attività corrente/ })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Carte Fedeltà', exact: true }).click();
  await searchCards(page, name);
  const row = page.getByRole('article', { name });
  await expect(row).toBeVisible();
  return row;
}

test('an admin reads a card’s consent history, and the row fits its controls at every width', async ({ page }) => {
  const shop = await createShop('Erboristeria Consensi');
  const name = `Costanza Consenso ${Date.now()}`;
  await signUpCustomer(shop.businessId, { name, email: `consenso.${Date.now()}@example.it`, phone: '+39 333 7654399', marketingChannels: ['whatsapp'] });
  const row = await openCards(page, shop, name);

  await row.getByRole('button', { name: `Storico consensi di ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Storico consensi di ${name}` });
  const items = dialog.getByRole('list', { name: 'Consensi, dal più recente' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveText(/ — Marketing WhatsApp: concesso — modulo di iscrizione \(testo v1\)$/);
  await expect(items.nth(1)).toHaveText(/ — Informativa privacy: concesso — modulo di iscrizione \(testo v1\)$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  for (const width of [300, 330, 360, 500, 620, 700, 760, 1100, 1540, 1560, 1600, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toBeVisible();
    // The row and its controls measured in one read inside the page: a control read one at a time after a resize
    // can be one the list has just re-rendered (detached, no box), which is not what this check is about. Polled
    // until the layout has settled; every control must be shown and end inside the row.
    await expect
      .poll(
        () =>
          row.evaluate((el) => {
            const bottom = el.getBoundingClientRect().bottom;
            return [...el.querySelectorAll('button, input')].flatMap((control) => {
              const label = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
              if (control.getClientRects().length === 0) return [`${label}: non mostrato`];
              const own = control.getBoundingClientRect();
              return own.bottom > bottom + 0.5 ? [`${label}: finisce ${(own.bottom - bottom).toFixed(1)} px sotto la riga`] : [];
            });
          }),
        { message: `${width} px: ogni controllo dentro la riga` },
      )
      .toEqual([]);
  }
});

test('an admin records the consent a customer changes at the counter, and the history shows the admin row', async ({ page }) => {
  const shop = await createShop('Erboristeria Banco');
  const stamp = Date.now();
  const name = `Margherita Banco ${stamp}`;
  await signUpCustomer(shop.businessId, { name, email: `banco.${stamp}@example.it`, phone: '+39 333 7654398', marketingChannels: ['whatsapp'] });
  const row = await openCards(page, shop, name);
  await expect(row.getByText('Marketing: WhatsApp')).toBeVisible();
  await row.getByRole('button', { name: `Storico consensi di ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Storico consensi di ${name}` });
  const items = dialog.getByRole('list', { name: 'Consensi, dal più recente' }).getByRole('listitem');
  await expect(items).toHaveCount(2);

  const editor = dialog.getByRole('form', { name: 'Modifica consensi' });
  const channels = editor.getByRole('group', { name: 'Consenso marketing' });
  await expect(channels.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  // The customer withdraws WhatsApp and agrees to e-mail; keyboard only.
  await channels.getByRole('checkbox', { name: 'WhatsApp' }).press('Space');
  await channels.getByRole('checkbox', { name: 'Email' }).press('Space');
  await editor.getByRole('button', { name: 'Salva consensi' }).click();
  await expect(editor.getByRole('status')).toHaveText('Consensi salvati (concesso o rinnovato: Email; revocato: WhatsApp).');

  await expect(items).toHaveCount(4);
  const texts = (await items.allTextContents()).slice(0, 2).map((text) => text.replace(/^.* — (Marketing)/, '$1')).sort();
  expect(texts).toEqual([
    expect.stringMatching(/^Marketing Email: concesso — registrato da .+ \(testo v1\)$/),
    expect.stringMatching(/^Marketing WhatsApp: revocato — registrato da .+ \(testo v1\)$/),
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Marketing: Email')).toBeVisible();
});
