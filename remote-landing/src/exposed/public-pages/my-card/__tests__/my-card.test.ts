/**
 * The customer page's script (decision 049) on the page's own prerendered markup, against a fake API: the
 * link request, the token taken out of the address and exchanged, the session kept for a reload (and a
 * browser refusing storage), the cards drawn from the templates with text only, the ledger on demand, the
 * consents saved and renewed, a 401 back to the form. The whole journey against the real API is e2e
 * (e2e/tests/my-card.spec.ts).
 */
import { drawLoyaltyCard } from '@loyalty/shared/page-script';
import { renderPublicPage } from '../../render';
import { CUSTOMER_SESSION_KEY, type CustomerCard } from '../../../../features/my-card/model/myCard';
import { createMyCardPage } from '../my-card';

jest.mock('@loyalty/shared/page-script', () => ({
  ...jest.requireActual<object>('@loyalty/shared/page-script'),
  drawLoyaltyCard: jest.fn(() => Promise.resolve()),
}));
const draw = jest.mocked(drawLoyaltyCard);

const DAY = 24 * 3600_000;
const NOW = new Date('2026-11-24T10:00:00Z');
const SESSION = { token: 'sessione-cliente', expires_at: new Date(NOW.getTime() + 30 * 60_000).toISOString(), contact: { kind: 'email', value: 'marta@example.it' } };

const CARD: CustomerCard = {
  id: 'card-1',
  card_number: 'LC-00000001',
  customer_name: 'Marta Verdi',
  business_id: 'b1',
  business_name: '<b>Bar Luna</b>',
  loyalty_mode: 'points',
  brand_color: '#f5e6c8',
  points: 15,
  qr_link: 'https://app.example/dashboard/add-points?card_id=card-1&user_id=u1',
  wallet: { google: 'https://pay.google.com/gp/v/save/abc' },
  rewards_available: [{ id: 'r1', name: 'Caffè omaggio', cost: 10 }],
  next_reward: { id: 'r2', name: 'Torta', cost: 100 },
  expiring: { points: 5, first: '2026-12-10T00:00:00Z' },
  consents: {
    service: true,
    marketing_channels: ['whatsapp'],
    available_channels: ['whatsapp', 'email'],
    marketing_lapses: [{ channel: 'whatsapp', lapses_at: new Date(NOW.getTime() + 20 * DAY).toISOString() }],
  },
};

type Route = (init: RequestInit) => { status: number; body: unknown };
let routes: Record<string, Route>;
const calls: { path: string; init: RequestInit }[] = [];

function fakeFetch(url: string | URL, init: RequestInit = {}) {
  const path = String(url).replace(/^\/api\//, '');
  const key = `${init.method ?? 'GET'} ${path}`;
  calls.push({ path: key, init });
  const route = routes[key];
  const { status, body } = route ? route(init) : { status: 404, body: { error: 'Risorsa non trovata' } };
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

const memoryStorage = (): Storage => {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
};

const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const visible = (selector: string) => !document.querySelector<HTMLElement>(selector)!.closest('[hidden]');
const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)!.textContent;

function open(search: string, storage: Storage | null = memoryStorage()) {
  const history = { replaceState: jest.fn() };
  const page = createMyCardPage(document, Promise.resolve({ apiBaseUrl: '/api', brandName: 'Appo' }), {
    location: { search, pathname: '/my-card', hash: '' },
    history,
    storage,
    now: () => NOW,
  });
  return { history, storage, done: page.init() };
}

beforeEach(() => {
  jest.useRealTimers();
  draw.mockClear();
  calls.length = 0;
  document.body.innerHTML = renderPublicPage('myCard', '/my-card', { brandName: 'Appo' }).html;
  global.fetch = jest.fn(fakeFetch) as unknown as typeof fetch;
  routes = {
    'POST customer/session': () => ({ status: 200, body: SESSION }),
    'GET customer/cards': () => ({ status: 200, body: [CARD] }),
  };
});

it('asks for a link: the API’s answer is read out; its Italian error goes under the field', async () => {
  routes['POST customer/magic-link'] = (init) =>
    JSON.parse(String(init.body)).contact === 'x'
      ? { status: 400, body: { error: 'Inserisci un indirizzo email o un numero di telefono valido' } }
      : { status: 202, body: { message: 'Se il contatto è registrato, riceverai a breve un link.' } };
  await open('').done;
  expect(visible('[data-mycard-request-form]')).toBe(true);
  const input = document.querySelector<HTMLInputElement>('#mycard-contact')!;
  const form = document.querySelector<HTMLFormElement>('[data-mycard-request-form]')!;

  form.requestSubmit();
  expect(text('[data-field-error="contact"]')).toBe('Inserisci l’email o il numero di telefono che hai lasciato al negozio.');
  expect(calls).toEqual([]);

  input.value = 'x';
  form.requestSubmit();
  expect(document.querySelector<HTMLButtonElement>('[data-mycard-request-submit]')!.disabled).toBe(true);
  await flush();
  expect(text('[data-field-error="contact"]')).toBe('Inserisci un indirizzo email o un numero di telefono valido');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(input.getAttribute('aria-describedby')).toBe('mycard-contact-error');

  input.value = ' marta@example.it ';
  form.requestSubmit();
  await flush();
  expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({ contact: 'marta@example.it' });
  expect(text('[data-mycard-request-status]')).toBe('Se il contatto è registrato, riceverai a breve un link.');
  expect(document.querySelector('[data-mycard-request-status]')!.getAttribute('role')).toBe('status');
  expect(document.querySelector<HTMLElement>('[data-field-error="contact"]')!.hidden).toBe(true);
  expect(document.querySelector<HTMLButtonElement>('[data-mycard-request-submit]')!.disabled).toBe(false);
});

it('takes the token out of the address at once, exchanges it, keeps the session and shows the card with text only', async () => {
  const { history, storage, done } = open('?token=abc123&utm=x');
  expect(history.replaceState).toHaveBeenCalledWith(null, '', '/my-card?utm=x');
  await done;
  expect(calls.map((c) => c.path)).toEqual(['POST customer/session', 'GET customer/cards']);
  expect(JSON.parse(String(calls[0].init.body))).toEqual({ token: 'abc123' });
  expect((calls[1].init.headers as Record<string, string>).authorization).toBe('Bearer sessione-cliente');
  expect(JSON.parse(storage!.getItem(CUSTOMER_SESSION_KEY)!)).toEqual(SESSION);

  expect(visible('[data-mycard-view="cards"] h1')).toBe(true);
  expect(document.activeElement).toBe(document.querySelector('#mycard-cards-title'));
  expect(text('[data-mycard-contact]')).toBe('marta@example.it');
  const section = document.querySelector<HTMLElement>('[data-mycard-list] [data-card]')!;
  // The shop's name is text, never markup; the heading names the section.
  expect(section.querySelector('h2')!.textContent).toBe('<b>Bar Luna</b>');
  expect(section.querySelector('b')).toBeNull();
  expect(section.getAttribute('aria-labelledby')).toBe(section.querySelector('h2')!.id);
  expect(section.querySelector('h2')!.id).toBe('mycard-shop-card-1');
  expect(text('[data-card-field="balance"]', section)).toBe('Saldo: 15 punti');
  expect(visible('[data-card-rewards-lead]')).toBe(true);
  expect(text('[data-card-rewards-lead]', section)).toBe('Puoi ritirare ora:');
  expect([...section.querySelectorAll('[data-card-rewards] li')].map((li) => li.textContent)).toEqual(['Caffè omaggio (10 punti)']);
  expect(visible('[data-card-no-rewards]')).toBe(false);
  expect(text('[data-card-next]', section)).toBe('Prossimo premio: Torta, ti mancano 85 punti.');
  expect(text('[data-card-expiring]', section)).toBe('5 punti scadono il 10/12/2026: usali prima.');
  expect(draw).toHaveBeenCalledWith(section.querySelector('canvas'), expect.objectContaining({ businessName: '<b>Bar Luna</b>', qrText: CARD.qr_link, brandColor: '#f5e6c8' }));
  const wallets = [...section.querySelectorAll<HTMLAnchorElement>('a[data-wallet-link]')].filter((a) => !a.closest('[hidden]'));
  expect(wallets.map((a) => a.getAttribute('href'))).toEqual(['https://pay.google.com/gp/v/save/abc']);

  // Consents: only the channels the shop can use (or agreed to), the lapse date, the renewal within 60 days.
  const shown = [...section.querySelectorAll<HTMLElement>('[data-channel]')].filter((el) => !el.hidden).map((el) => [el.dataset.channel, el.querySelector('input')!.checked]);
  expect(shown).toEqual([
    ['email', false],
    ['whatsapp', true],
  ]);
  expect(text('[data-card-lapses]', section)).toBe('Il consenso per WhatsApp scade il 14/12/2026.');
  expect(section.querySelector<HTMLElement>('[data-card-renew]')!.hidden).toBe(false);
});

it('loads the ledger on demand, in Italian with signed amounts', async () => {
  routes['GET customer/cards/card-1/ledger'] = () => ({
    status: 200,
    body: [
      { id: 2, points: -10, kind: 'redemption', reward_name: 'Caffè omaggio', description: 'Riscatto', created_at: '2026-11-20T09:00:00Z' },
      { id: 1, points: 25, kind: 'credit', reward_name: null, description: 'Spesa', created_at: '2026-11-01T09:00:00Z' },
    ],
  });
  await open('', (() => {
    const s = memoryStorage();
    s.setItem(CUSTOMER_SESSION_KEY, JSON.stringify(SESSION));
    return s;
  })()).done;
  const section = document.querySelector<HTMLElement>('[data-mycard-list] [data-card]')!;
  const toggle = section.querySelector<HTMLButtonElement>('[data-card-ledger-toggle]')!;
  expect(toggle.getAttribute('aria-controls')).toBe(section.querySelector('[data-card-ledger]')!.id);
  toggle.click();
  await flush();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const rows = [...section.querySelectorAll('[data-card-ledger-rows] tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  expect(rows).toEqual([
    ['20/11/2026', 'Premio riscattato: Caffè omaggio · Riscatto', '−10 punti'],
    ['01/11/2026', 'Accredito · Spesa', '+25 punti'],
  ]);
});

it('saves and renews the consents, and a 401 goes back to the form with the expiry sentence', async () => {
  let saved: unknown = null;
  routes['PUT customer/cards/card-1/consents'] = (init) => {
    saved = JSON.parse(String(init.body));
    return { status: 200, body: { message: 'Preferenze salvate', card_id: 'card-1', marketing_channels: ['email'], granted: ['email'], withdrawn: ['whatsapp'] } };
  };
  const { storage, done } = open('?token=abc');
  await done;
  const section = document.querySelector<HTMLElement>('[data-mycard-list] [data-card]')!;
  section.querySelector<HTMLInputElement>('[data-channel="whatsapp"] input')!.checked = false;
  section.querySelector<HTMLInputElement>('[data-channel="email"] input')!.checked = true;
  section.querySelector<HTMLFormElement>('form[data-card-consents]')!.requestSubmit();
  await flush();
  expect(saved).toEqual({ marketing_channels: ['email'], renew: false });
  expect(text('[data-card-consents-status]', section)).toBe('Preferenze salvate.');

  section.querySelector<HTMLButtonElement>('[data-card-renew] button')!.click();
  await flush();
  expect(saved).toEqual({ marketing_channels: ['email'], renew: true });
  expect(text('[data-card-consents-status]', section)).toBe('Preferenze salvate. Consenso rinnovato per altri 24 mesi.');

  routes['PUT customer/cards/card-1/consents'] = () => ({ status: 401, body: { error: 'Sessione scaduta' } });
  section.querySelector<HTMLFormElement>('form[data-card-consents]')!.requestSubmit();
  await flush();
  expect(visible('[data-mycard-request-form]')).toBe(true);
  expect(text('[data-mycard-notice]')).toBe('La sessione è scaduta: richiedi un nuovo link.');
  expect(document.activeElement).toBe(document.querySelector('#mycard-request-title'));
  expect(storage!.getItem(CUSTOMER_SESSION_KEY)).toBeNull();
  expect(document.querySelector('[data-mycard-list]')!.children).toHaveLength(0);
});

it('keeps the focus in the card after saving or renewing the consents (the disabled button loses it in a browser)', async () => {
  const renewed = { ...CARD, consents: { ...CARD.consents, marketing_lapses: [{ channel: 'whatsapp' as const, lapses_at: new Date(NOW.getTime() + 730 * DAY).toISOString() }] } };
  let cards = [CARD];
  routes['GET customer/cards'] = () => ({ status: 200, body: cards });
  routes['PUT customer/cards/card-1/consents'] = () => {
    cards = [renewed];
    return { status: 200, body: { message: 'Preferenze salvate', card_id: 'card-1', marketing_channels: ['whatsapp'], granted: [], withdrawn: [] } };
  };
  await open('?token=abc').done;
  const section = document.querySelector<HTMLElement>('[data-mycard-list] [data-card]')!;
  const saveButton = section.querySelector<HTMLButtonElement>('[data-card-consents-save]')!;
  // What Chromium does when the focused button is disabled: the focus falls to the page.
  const dropFocusWhenDisabled = () => {
    const active = document.activeElement as HTMLButtonElement | null;
    if (!active?.disabled) return;
    // (jsdom blurs only a focusable element)
    active.disabled = false;
    active.blur();
    active.disabled = true;
  };

  saveButton.focus();
  saveButton.click();
  dropFocusWhenDisabled();
  expect(document.activeElement === null || document.activeElement === document.body).toBe(true);
  await flush();
  expect(text('[data-card-consents-status]', section)).toBe('Preferenze salvate.');
  expect(document.activeElement).toBe(saveButton);

  // The renewal: its button goes away with the new lapse date, the focus stays in the card on the save button.
  cards = [CARD];
  document.body.innerHTML = renderPublicPage('myCard', '/my-card', { brandName: 'Appo' }).html;
  await open('?token=abc').done;
  const again = document.querySelector<HTMLElement>('[data-mycard-list] [data-card]')!;
  const renew = again.querySelector<HTMLButtonElement>('[data-card-renew] button')!;
  renew.focus();
  renew.click();
  dropFocusWhenDisabled();
  await flush();
  expect(again.querySelector<HTMLElement>('[data-card-renew]')!.hidden).toBe(true);
  expect(text('[data-card-consents-status]', again)).toBe('Preferenze salvate. Consenso rinnovato per altri 24 mesi.');
  expect(document.activeElement).toBe(again.querySelector('[data-card-consents-save]'));
});

it('a used or unknown link: the API’s sentence above the request form', async () => {
  routes['POST customer/session'] = () => ({ status: 410, body: { error: 'Questo link è già stato usato o è scaduto: richiedine uno nuovo.' } });
  await open('?token=vecchio').done;
  expect(visible('[data-mycard-request-form]')).toBe(true);
  expect(text('[data-mycard-notice]')).toBe('Questo link è già stato usato o è scaduto: richiedine uno nuovo.');
});

it('works when the browser refuses storage (the session lasts as long as the page), and an expired kept session is forgotten', async () => {
  const refusing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('SecurityError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  } as unknown as Storage;
  await open('?token=abc', refusing).done;
  expect(visible('[data-mycard-view="cards"] h1')).toBe(true);

  document.body.innerHTML = renderPublicPage('myCard', '/my-card', { brandName: 'Appo' }).html;
  const old = memoryStorage();
  old.setItem(CUSTOMER_SESSION_KEY, JSON.stringify({ ...SESSION, expires_at: new Date(NOW.getTime() - 1000).toISOString() }));
  calls.length = 0;
  await open('', old).done;
  expect(visible('[data-mycard-request-form]')).toBe(true);
  expect(old.getItem(CUSTOMER_SESSION_KEY)).toBeNull();
  expect(calls).toEqual([]);
  // A reload after the 30 minutes says why the form is back; the next submit clears that sentence.
  expect(text('[data-mycard-notice]')).toBe('La sessione è scaduta: richiedi un nuovo link.');
  document.querySelector<HTMLFormElement>('[data-mycard-request-form]')!.requestSubmit();
  expect(text('[data-field-error="contact"]')).toBe('Inserisci l’email o il numero di telefono che hai lasciato al negozio.');
  expect(text('[data-mycard-notice]')).toBe('');

  // No session ever kept: the form alone, no sentence.
  document.body.innerHTML = renderPublicPage('myCard', '/my-card', { brandName: 'Appo' }).html;
  await open('', memoryStorage()).done;
  expect(text('[data-mycard-notice]')).toBe('');
});

it('with no card for the contact, says how cards are found', async () => {
  routes['GET customer/cards'] = () => ({ status: 200, body: [] });
  await open('?token=abc').done;
  expect(visible('[data-mycard-empty]')).toBe(true);
  expect(text('[data-mycard-empty] p')).toMatch(/Le carte si trovano con l’email o il numero di telefono lasciati al negozio/);
  expect(visible('[data-mycard-empty] p')).toBe(true);
  expect(visible('[data-mycard-other-contact]')).toBe(true);
});

it('after erasing the last card, the empty state says there are no cards any more (not "try the other contact")', async () => {
  let cards: CustomerCard[] = [CARD];
  routes['GET customer/cards'] = () => ({ status: 200, body: cards });
  routes['POST customer/erase'] = () => {
    cards = [];
    return { status: 200, body: { message: 'I dati personali della carta sono stati cancellati.' } };
  };
  await open('?token=abc').done;
  document.querySelector<HTMLButtonElement>('[data-card-erase]')!.click();
  document.querySelector<HTMLButtonElement>('[data-erase-confirm]')!.click();
  await flush();
  expect(text('[data-mycard-status]')).toBe('I dati personali della carta sono stati cancellati.');
  expect(visible('[data-mycard-empty]')).toBe(true);
  const shownText = [...document.querySelectorAll<HTMLElement>('[data-mycard-empty] h2, [data-mycard-empty] p, [data-mycard-empty] button')]
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => el.textContent);
  expect(shownText).toEqual(['Non ci sono più carte legate a questo contatto', 'Se ti iscrivi di nuovo in un negozio, qui troverai la nuova carta.']);
});

it('after erasing every card the API ends the session: the erased state without reading the cards again, the session forgotten', async () => {
  const storage = memoryStorage();
  routes['POST customer/erase'] = () => ({
    status: 200,
    body: { message: 'I dati personali delle tue carte sono stati cancellati.', erased: [CARD.id], session_ended: true },
  });
  await open('?token=abc', storage).done;
  expect(storage.getItem(CUSTOMER_SESSION_KEY)).not.toBeNull();
  calls.length = 0;
  document.querySelector<HTMLButtonElement>('[data-card-erase]')!.click();
  document.querySelector<HTMLInputElement>('input[data-erase-all]')!.checked = true;
  document.querySelector<HTMLButtonElement>('[data-erase-confirm]')!.click();
  await flush();
  expect(calls.map((c) => c.path)).toEqual(['POST customer/erase']);
  expect(text('[data-mycard-status]')).toBe('I dati personali delle tue carte sono stati cancellati.');
  expect(visible('[data-mycard-empty-kind="erased"]')).toBe(true);
  expect(visible('[data-mycard-empty-kind="none"]')).toBe(false);
  expect(document.querySelectorAll('[data-card]')).toHaveLength(0);
  expect(storage.getItem(CUSTOMER_SESSION_KEY)).toBeNull();
});

it('names a phone contact as people read it, hides the rewards’ lead-in with no reward, and “Esci” says the session is closed', async () => {
  routes['POST customer/session'] = () => ({ status: 200, body: { ...SESSION, contact: { kind: 'phone', value: '+393331234567' } } });
  routes['GET customer/cards'] = () => ({ status: 200, body: [{ ...CARD, rewards_available: [] }] });
  await open('?token=abc').done;
  expect(text('[data-mycard-contact]')).toBe('333 123 4567');
  expect(visible('[data-card-rewards-lead]')).toBe(false);
  expect(visible('[data-card-no-rewards]')).toBe(true);

  routes['POST customer/logout'] = () => ({ status: 200, body: { message: 'Hai chiuso la sessione.' } });
  document.querySelector<HTMLButtonElement>('[data-mycard-signout]')!.click();
  expect(visible('[data-mycard-request-form]')).toBe(true);
  expect(text('[data-mycard-notice]')).toBe('Hai chiuso la sessione. Per tornare alle tue carte richiedi un nuovo link.');
  // The session ends on the server too (decision 058): its token opens nothing afterwards.
  await flush();
  const logout = calls.find((c) => c.path === 'POST customer/logout');
  expect(logout?.init.headers).toEqual({ authorization: 'Bearer sessione-cliente' });
});
