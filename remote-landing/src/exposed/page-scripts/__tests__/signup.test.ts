/**
 * The prerendered signup page's script (decision 028) on the page's own markup: what the card view says and
 * draws in stamp mode (issue 20, decision 039). jsdom cannot draw: the drawing is recorded here (shared's
 * drawLoyaltyCard is tested on its own; the image itself is proven in Chromium, e2e).
 */
import { drawLoyaltyCard } from '@loyalty/shared/page-script';
import { renderPublicPages } from '../../prerender/render';
import { showCard } from '../signup';

jest.mock('@loyalty/shared/page-script', () => ({
  ...jest.requireActual<object>('@loyalty/shared/page-script'),
  drawLoyaltyCard: jest.fn(() => Promise.resolve()),
}));
const draw = jest.mocked(drawLoyaltyCard);

const CARD = { id: 'c1', user_id: 'u1', business_name: 'Caffè dei Timbri', card_number: 'LC-00000001', my_card_url: 'https://app.example.it/my-card' };

beforeEach(() => {
  draw.mockClear();
  document.body.innerHTML = renderPublicPages({ brandName: 'Appo' }).signup.html;
});

const canvas = () => document.querySelector('canvas[data-card-canvas]')!;
const sentence = () => document.querySelector('[data-signup-view="card"] p')!.textContent;

it('names the stamps collected out of the next reward in stamp mode', async () => {
  await showCard(document, { ...CARD, points: 3, loyalty_mode: 'stamps', next_reward_cost: 10 }, { apiBaseUrl: '', brandName: 'Appo' });
  expect(canvas().getAttribute('aria-label')).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR: 3 timbri su 10');
  expect(sentence()).toMatch(/^Mostra il codice QR in cassa da Caffè dei Timbri per accumulare timbri\. Numero carta: LC-00000001\.$/);
  expect(draw).toHaveBeenCalledWith(canvas(), expect.objectContaining({ businessName: 'Caffè dei Timbri', stamps: { collected: 3, cost: 10 } }));
  expect(document.querySelector<HTMLButtonElement>('[data-card-download]')!.disabled).toBe(false);
});

it('keeps the points card as before', async () => {
  await showCard(document, { ...CARD, points: 0, loyalty_mode: 'points', next_reward_cost: 10 }, { apiBaseUrl: '', brandName: 'Appo' });
  expect(canvas().getAttribute('aria-label')).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR');
  expect(sentence()).toMatch(/per accumulare punti\./);
  expect(draw).toHaveBeenCalledWith(canvas(), expect.objectContaining({ stamps: undefined, brandColor: undefined }));
});

it('draws the card in the shop’s colour the answer carries', async () => {
  await showCard(document, { ...CARD, points: 0, loyalty_mode: 'points', brand_color: '#f5e6c8' }, { apiBaseUrl: '', brandName: 'Appo' });
  expect(draw).toHaveBeenCalledWith(canvas(), expect.objectContaining({ businessName: 'Caffè dei Timbri', brandColor: '#f5e6c8' }));
});

it('draws no stamps for a stamp shop without a next reward', async () => {
  await showCard(document, { ...CARD, points: 12, loyalty_mode: 'stamps', next_reward_cost: null }, { apiBaseUrl: '', brandName: 'Appo' });
  expect(canvas().getAttribute('aria-label')).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR');
  expect(sentence()).toMatch(/per accumulare timbri\./);
  expect(draw).toHaveBeenCalledWith(canvas(), expect.objectContaining({ stamps: undefined }));
});

describe('the wallet buttons (issue 21), as the React result shows them', () => {
  const APPLE = 'https://fidelity.example.it/api/wallet/apple/pass/abc.pkpass';
  const GOOGLE = 'https://pay.google.com/gp/v/save/eyJhbGciOi';
  const shown = () =>
    [...document.querySelectorAll<HTMLAnchorElement>('[data-signup-view="card"] a[data-wallet-link]')]
      .filter((link) => !link.closest('[hidden]'))
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('shows both links under the card image when the answer has them', async () => {
    await showCard(document, { ...CARD, wallet: { apple: APPLE, google: GOOGLE } }, { apiBaseUrl: '', brandName: 'Appo' });
    expect(shown()).toEqual([
      ['Aggiungi ad Apple Wallet', APPLE],
      ['Salva in Google Wallet', GOOGLE],
    ]);
    const apple = document.querySelector('a[data-wallet-link="apple"]')!;
    expect(canvas().compareDocumentPosition(apple) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows only the one whose link came, and none without a wallet or with a link that is not a web address', async () => {
    await showCard(document, { ...CARD, wallet: { google: GOOGLE } }, { apiBaseUrl: '', brandName: 'Appo' });
    expect(shown()).toEqual([['Salva in Google Wallet', GOOGLE]]);

    document.body.innerHTML = renderPublicPages({ brandName: 'Appo' }).signup.html;
    await showCard(document, CARD, { apiBaseUrl: '', brandName: 'Appo' });
    expect(shown()).toEqual([]);
    expect(document.querySelector<HTMLElement>('[data-wallet-links]')!.hidden).toBe(true);

    document.body.innerHTML = renderPublicPages({ brandName: 'Appo' }).signup.html;
    await showCard(document, { ...CARD, wallet: { apple: 'javascript:alert(1)' } }, { apiBaseUrl: '', brandName: 'Appo' });
    expect(shown()).toEqual([]);
  });
});

describe("the customer's page (issue 22, decision 051)", () => {
  const myCardLinks = (view: 'card' | 'resent') =>
    [...document.querySelectorAll<HTMLAnchorElement>(`[data-signup-view="${view}"] a`)]
      .filter((link) => link.textContent === 'Vedi saldo, premi e movimenti')
      .map((link) => link.getAttribute('href'));

  it('links the card view and the resent view to /my-card, shown with the view they belong to', async () => {
    expect(myCardLinks('card')).toEqual(['/my-card']);
    expect(myCardLinks('resent')).toEqual(['/my-card']);
    const link = document.querySelector<HTMLAnchorElement>('[data-signup-view="card"] a[href="/my-card"]')!;
    expect(link.closest('[hidden]')).not.toBeNull();
    await showCard(document, CARD, { apiBaseUrl: '', brandName: 'Appo' });
    expect(link.closest('[hidden]')).toBeNull();
    expect(link.closest('p')!.textContent).toBe("Quando vuoi, con l'email o il telefono che hai indicato: Vedi saldo, premi e movimenti");
  });
});
