/**
 * The cards screen's dialogs come with a sign of intent, not with the list (decisions 095 and 113), in the shipped
 * build (Preact under React's names, decision 108): the list loads none of their scripts and the pointer over a
 * button fetches one; a dialog's script the network refuses is said under the title row, the button keeps the focus
 * and says it is not busy, and the next tap — the network back — opens the dialog; the keyboard alone opens one, and
 * the focus comes back to its button on closing.
 */
import { test, expect, type Page, type Request } from '@playwright/test';
import { searchCards } from '../src/cards-screen';
import { E2E_PORTS } from '../src/env';
import { withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';
import { createShop, signUpCustomer } from '../src/shop';

const DIALOG_CODE_FAILED = 'Non è stato possibile aprire la finestra: controlla la connessione e riprova.';

/** A script of the cards remote's origin (its chunks; the dialogs' among them). */
const fromCards = (url: URL) => url.port === String(E2E_PORTS.cards) && url.pathname.endsWith('.js');

function cardsScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (fromCards(new URL(request.url()))) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test('the list loads no dialog’s script; a refused one is said and the next tap opens it; the keyboard opens one and gets the focus back', async ({ page }) => {
  const shop = await createShop('Bottega Finestre');
  const name = `Dora Dialogo ${Date.now()}`;
  await signUpCustomer(shop.businessId, { name, email: `dialogo.${Date.now()}@example.it`, phone: '+39 333 7654312' });
  const scripts = cardsScripts(page);
  await withCookieChoiceSaved(page);
  await loginThroughApi(page, shop.account);
  await page.goto('/dashboard/loyalty-cards');
  await searchCards(page, name);
  const row = page.getByRole('article', { name });
  await expect(row).toBeVisible();

  // The pointer over «Movimenti» fetches one more script of the cards origin: the ledger's dialog.
  const beforeIntent = scripts.length;
  await row.getByRole('button', { name: `Movimenti di ${name}` }).hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(beforeIntent);

  // The network refuses the cards origin's scripts: the consent history's dialog cannot come.
  await page.route(fromCards, (route) => route.abort('internetdisconnected'));
  const consents = row.getByRole('button', { name: `Storico consensi di ${name}` });
  await consents.click();
  const said = page.getByRole('alert').filter({ hasText: DIALOG_CODE_FAILED });
  await expect(said).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(consents).toBeFocused();
  await expect(consents).toBeEnabled();
  await expect(consents).not.toHaveAttribute('aria-busy', 'true');

  // The network is back: the next tap opens it, and the sentence goes.
  await page.unroute(fromCards);
  await consents.click();
  const history = page.getByRole('dialog', { name: `Storico consensi di ${name}` });
  await expect(history).toBeVisible();
  await expect(said).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(consents).toBeFocused();

  // The keyboard alone: the focus on «Riscatta premio» (a sign of intent too), Enter, then Escape gives it back.
  const redeem = row.getByRole('button', { name: `Riscatta premio per ${name}` });
  await redeem.focus();
  await page.keyboard.press('Enter');
  const rewards = page.getByRole('dialog', { name: `Riscatta premio – ${name}` });
  await expect(rewards).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rewards).toBeHidden();
  await expect(redeem).toBeFocused();

  // «Scansiona», from the keyboard too.
  const scan = page.getByRole('button', { name: 'Scansiona' });
  await scan.focus();
  await page.keyboard.press('Enter');
  const scanner = page.getByRole('dialog', { name: 'Scansiona una carta' });
  await expect(scanner).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(scanner).toBeHidden();
  await expect(scan).toBeFocused();
});
