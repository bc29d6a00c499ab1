/**
 * The customers' signup page — its markup as the build renders it, driven by its script (the
 * page's only controller) — against the real API and its demo business "Bar Centrale": where a visitor is
 * sent, the form with shared's `signupForm` rule, the server's answers, the card, 'Carta già richiesta', the
 * wallet buttons. jsdom cannot draw: the drawing is recorded here (shared's drawLoyaltyCard is tested on its
 * own; the image and its QR code are proven in Chromium, e2e).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { drawLoyaltyCard } from '@loyalty/shared/page-script';
import { API, DASHBOARD_BASE_URL, unreachableApiBaseUrl } from '../../../../../test/helpers';
import { renderPublicPage } from '../../render';
import { showCard, start } from '../signup';

jest.mock('@loyalty/shared/page-script', () => ({
  ...jest.requireActual<object>('@loyalty/shared/page-script'),
  drawLoyaltyCard: jest.fn(() => Promise.resolve()),
}));
const draw = jest.mocked(drawLoyaltyCard);

const SIGNUP_SEARCH = '?business_id=default-business-id';
const CONFIG = { apiBaseUrl: `${API}/api`, brandName: 'Appo', dashboardBaseUrl: DASHBOARD_BASE_URL };

/** The page's markup as the build writes it, nothing bound. */
function markup() {
  document.body.innerHTML = renderPublicPage('signup', '/loyalty-cards/create', { brandName: 'Appo' }).html;
}

/** The page as a browser receives it, its script started at `search` against the real API (or `apiBaseUrl`). */
function openSignupPage(search = SIGNUP_SEARCH, apiBaseUrl = CONFIG.apiBaseUrl) {
  markup();
  const location = { pathname: '/loyalty-cards/create', search, hash: '', replace: jest.fn(), assign: jest.fn() };
  start(document, location as unknown as Location, Promise.resolve({ ...CONFIG, apiBaseUrl }));
  return { location, user: userEvent.setup() };
}

/** The shop's name is on the page: its lookup is over. */
const named = (name = 'Bar Centrale') => waitFor(() => expect(document.querySelector('[data-business-name]')).toHaveTextContent(name), { timeout: 10_000 });

async function adminToken(): Promise<string> {
  const res = await fetch(`${API}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }),
  });
  return ((await res.json()) as { token: string }).token;
}

beforeEach(() => {
  localStorage.clear();
  draw.mockClear();
});

describe('redirects', () => {
  it('sends a visitor without business_id to /login', () => {
    const { location } = openSignupPage('');
    expect(location.replace).toHaveBeenCalledWith('/login');
  });

  it('sends a visitor to /login when the business does not exist', async () => {
    const { location } = openSignupPage('?business_id=non-esiste');
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/login'), { timeout: 10_000 });
  });

  it('sends a visitor to /login when the business lookup fails', async () => {
    const { location } = openSignupPage(SIGNUP_SEARCH, await unreachableApiBaseUrl());
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/login'), { timeout: 10_000 });
  });

  it('sends a signed-in visitor to /dashboard', () => {
    localStorage.setItem('token', 'una-sessione');
    const { location } = openSignupPage();
    expect(location.replace).toHaveBeenCalledWith('/dashboard');
  });
});

describe('the form', () => {
  it('names the business and offers both consents, the optional one unticked', async () => {
    const { location } = openSignupPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ottieni la tua Carta Fedeltà' })).toBeInTheDocument();
    await named();
    expect(location.replace).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Nome completo')).toBeRequired();
    expect(screen.getByLabelText('Numero di telefono')).toHaveAttribute('type', 'tel');
    const privacy = screen.getByRole('checkbox', { name: /Ho letto l'informativa sulla privacy/ });
    expect(privacy).not.toBeChecked();
    expect(privacy).toBeRequired();
    expect(screen.getByRole('link', { name: "Leggi l'informativa sulla privacy" })).toHaveAttribute('href', '/privacy');
    // Marketing consent per channel (decision 025): a group of its own, every channel unticked (opt-in).
    const channels = screen.getByRole('group', { name: 'Desidero ricevere offerte e novità (facoltativo):' });
    const boxes = within(channels).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['via WhatsApp', 'via SMS', 'via Email']);
    for (const box of boxes) {
      expect(box).not.toBeChecked();
      expect(box).not.toBeRequired();
    }
    expect(screen.getByRole('button', { name: 'Ottieni' })).toBeEnabled();
  });

  it('lets the customer tick and untick each channel with the keyboard', async () => {
    const { user } = openSignupPage();
    const sms = screen.getByRole('checkbox', { name: 'via SMS' });
    sms.focus();
    await user.keyboard(' ');
    expect(sms).toBeChecked();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'via Email' })).toHaveFocus();
    await user.keyboard(' ');
    await user.click(sms);
    expect(sms).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'via Email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'via WhatsApp' })).not.toBeChecked();
  });

  it('shows the exact message of every missing field under it, also for blanks, and focuses the first', async () => {
    const { user } = openSignupPage();
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Campo "email" è obbligatorio');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome completo')).toHaveAccessibleDescription('Campo "nome completo" è obbligatorio');
    expect(screen.getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Campo "numero di telefono" obbligatorio');
    expect(screen.getByRole('checkbox', { name: /informativa/ })).toHaveAccessibleDescription("È necessario accettare l'informativa sulla privacy");
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'cliente@example.it');
    await user.type(screen.getByLabelText('Nome completo'), '   ');
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Nome completo')).toHaveAccessibleDescription('Campo "nome completo" è obbligatorio');
    expect(screen.getByLabelText('Nome completo')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'La tua Carta Fedeltà', hidden: true }).closest('[hidden]')).not.toBeNull();
  });

  it('stops a phone that is not a number before the server, under the field', async () => {
    const { user } = openSignupPage();
    const requests = jest.spyOn(global, 'fetch');
    await user.type(screen.getByLabelText('Email'), 'lettere@example.it');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Rossi');
    await user.type(screen.getByLabelText('Numero di telefono'), 'abc');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(screen.getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Numero di telefono non valido');
    expect(screen.getByLabelText('Numero di telefono')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.mock.calls.filter(([url]) => String(url).endsWith('/users/loyalty-cards/create'))).toEqual([]);
  });

  it("shows the server's 'Numero di telefono non valido' under the phone field", async () => {
    const { user } = openSignupPage();
    await user.type(screen.getByLabelText('Email'), 'sei.cifre@example.it');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Rossi');
    // Shaped like a number, so only the server (libphonenumber) can tell it is not one.
    await user.type(screen.getByLabelText('Numero di telefono'), '123456');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    await waitFor(() => expect(screen.getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Numero di telefono non valido'), { timeout: 10_000 });
    expect(screen.getByLabelText('Numero di telefono')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ottieni' })).toBeEnabled();
  });

  it("shows the server's error above the button", async () => {
    const { user } = openSignupPage();
    await user.type(screen.getByLabelText('Email'), 'non-una-email');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Rossi');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 1234567');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));

    const res = await fetch(`${API}/api/users/loyalty-cards/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'non-una-email', full_name: 'Giulia Rossi', phone: '+39 333 1234567', role: 'client', business_id: 'default-business-id', privacy_ack: true, marketing_channels: [] }),
    });
    const { error } = (await res.json()) as { error: string };
    expect(error).toBeTruthy();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(error);
    expect(screen.getByRole('button', { name: 'Ottieni' })).toBeEnabled();
  });

  it('creates the card with the privacy acknowledgement and the channels ticked, and shows it', async () => {
    const { user } = openSignupPage();
    await named();
    await user.type(screen.getByLabelText('Email'), '  giulia.verdi@example.it ');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Verdi');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 7654321');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('checkbox', { name: 'via Email' }));
    await user.click(screen.getByRole('checkbox', { name: 'via WhatsApp' }));
    // Dispatched without awaiting, so nothing runs between the submit handler and the checks (`await user.click`
    // waits a timer after the click, long enough on an idle machine for the API to answer).
    screen.getByRole('button', { name: 'Ottieni' }).click();
    expect(screen.getByRole('form', { name: 'Richiesta della carta fedeltà' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Ottieni' })).toBeDisabled();

    const heading = await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' }, { timeout: 10_000 });
    expect(heading).toHaveFocus();
    // Bar Centrale collects points.
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent('Bar Centrale per accumulare punti.');
    const card = screen.getByRole('img', { name: 'Carta fedeltà Appo di Bar Centrale con codice QR' });
    expect(card).toHaveAttribute('width', '400');
    expect(card).toHaveAttribute('height', '250');
    // The card's QR code opens the shop's add-points page for this card, on the configured dashboard.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })).toBeEnabled());
    const { qrText } = draw.mock.calls[0][1];
    expect(qrText).toMatch(new RegExp(`^${DASHBOARD_BASE_URL}/dashboard/add-points\\?card_id=[^&]+&user_id=[^&]+$`));

    // The card exists in the business with the customer's data.
    const cards = (await (
      await fetch(`${API}/api/loyalty-cards/business/default-business-id`, { headers: { authorization: `Bearer ${await adminToken()}` } })
    ).json()) as { email: string; customer_name: string; customer_phone: string; marketing_channels: string[] }[];
    expect(cards).toContainEqual(
      // Stored in E.164.
      expect.objectContaining({
        email: 'giulia.verdi@example.it',
        customer_name: 'Giulia Verdi',
        customer_phone: '+393337654321',
        marketing_channels: ['whatsapp', 'email'],
        marketing_consent: true,
      }),
    );
  });

  it('says so when the browser cannot draw the card, and offers no download', async () => {
    draw.mockRejectedValueOnce(new Error('nessun canvas'));
    const { user } = openSignupPage();
    await user.type(screen.getByLabelText('Email'), `senza.disegno.${Date.now()}@example.it`);
    await user.type(screen.getByLabelText('Nome completo'), 'Dario Disegno');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 7650002');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Non è stato possibile disegnare la carta in questo browser.');
    expect(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })).toBeDisabled();
  });
});

describe('a stamp card (decision 039)', () => {
  /** A new shop of the demo admin in stamp mode with a 10-stamp reward, through the real API. */
  async function stampShop(): Promise<string> {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` };
    const post = async (url: string, body: object, method = 'POST') => {
      const res = await fetch(`${API}/api/${url}`, { method, headers, body: JSON.stringify(body) });
      expect(res.ok).toBe(true);
      return (await res.json()) as { id: string };
    };
    const shop = await post('business', { name: 'Caffè dei Timbri' });
    await post(`rewards/business/${shop.id}/program`, { loyalty_mode: 'stamps' }, 'PUT');
    await post('rewards', { businessId: shop.id, name: 'Caffè omaggio', cost: 10 });
    return shop.id;
  }

  it('says timbri and names the stamps collected out of the next reward in the image label', async () => {
    const shop = await stampShop();
    const { user } = openSignupPage(`?business_id=${shop}`);
    await named('Caffè dei Timbri');
    await user.type(screen.getByLabelText('Email'), `timbri.${Date.now()}@example.it`);
    await user.type(screen.getByLabelText('Nome completo'), 'Tina Timbri');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 7650000');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' }, { timeout: 10_000 })).toHaveFocus();
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent('Caffè dei Timbri per accumulare timbri.');
    expect(screen.getByRole('img', { name: 'Carta fedeltà Appo di Caffè dei Timbri con codice QR: 0 timbri su 10' })).toBeInTheDocument();
  });
});

describe('an e-mail that already has a card here', () => {
  const known = { full_name: 'Gemma Già', phone: '+39 333 5550001' };

  async function signUpThroughApi(email: string) {
    const res = await fetch(`${API}/api/users/loyalty-cards/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, ...known, role: 'client', business_id: 'default-business-id', privacy_ack: true }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; card_number: string };
  }

  async function fillAndSend(user: ReturnType<typeof userEvent.setup>, email: string, phone: string) {
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Nome completo'), 'Qualcuno');
    await user.type(screen.getByLabelText('Numero di telefono'), phone);
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
  }

  it('shows no card to another phone, only that the card was sent again to the contacts on file', async () => {
    const email = `gia.iscritta.${Date.now()}@example.it`;
    const card = await signUpThroughApi(email);
    const { user } = openSignupPage();
    await fillAndSend(user, email, '+39 320 0000000');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Carta già richiesta' }, { timeout: 10_000 });
    expect(heading).toHaveFocus();
    const resent = heading.closest<HTMLElement>('[data-signup-view="resent"]')!;
    expect(within(resent).getByText('Bar Centrale')).toBeInTheDocument();
    expect(within(resent).getByText(/^Sei già iscritto: ti abbiamo inviato di nuovo la tua carta/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scarica la carta (PNG)' })).toBeNull();
    expect(document.body.textContent).not.toContain(card.card_number);
    expect(draw).not.toHaveBeenCalled();
    // The customer's page, which opens only through a link sent to the card's own contact.
    expect(screen.getByRole('link', { name: 'Vedi saldo, premi e movimenti' })).toHaveAttribute('href', '/my-card');
  });

  it('gives the card back to whoever gives its e-mail and phone, however the phone is written', async () => {
    const email = `stessa.persona.${Date.now()}@example.it`;
    const card = await signUpThroughApi(email);
    const { user } = openSignupPage();
    await fillAndSend(user, email.toUpperCase(), '333 555 0001');

    expect(await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' }, { timeout: 10_000 })).toHaveFocus();
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent(`Numero carta: ${card.card_number}.`);
    // Balance, rewards and movements afterwards, on the customer's page.
    expect(screen.getByRole('link', { name: 'Vedi saldo, premi e movimenti' })).toHaveAttribute('href', '/my-card');
  });
});

describe('the card view (showCard) on the page’s markup', () => {
  const CARD = { id: 'c1', user_id: 'u1', business_name: 'Caffè dei Timbri', card_number: 'LC-00000001', my_card_url: 'https://app.example.it/my-card' };
  const canvas = () => document.querySelector('canvas[data-card-canvas]')!;
  const sentence = () => document.querySelector('[data-signup-view="card"] p')!.textContent;

  beforeEach(markup);

  it('names the stamps collected out of the next reward in stamp mode', async () => {
    await showCard(document, { ...CARD, points: 3, loyalty_mode: 'stamps', next_reward_cost: 10 }, { apiBaseUrl: '', brandName: 'Appo' });
    expect(canvas().getAttribute('aria-label')).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR: 3 timbri su 10');
    expect(sentence()).toMatch(/^Mostra il codice QR in cassa da Caffè dei Timbri per accumulare timbri\. Numero carta: LC-00000001\.$/);
    expect(draw).toHaveBeenCalledWith(canvas(), expect.objectContaining({ businessName: 'Caffè dei Timbri', stamps: { collected: 3, cost: 10 } }));
    expect(document.querySelector<HTMLButtonElement>('[data-card-download]')!.disabled).toBe(false);
  });

  it('offers the card for print once drawn, drawn again at 300 dpi, and says so in Italian when that fails', async () => {
    await showCard(document, { ...CARD, points: 0, loyalty_mode: 'points' }, { apiBaseUrl: '', brandName: 'Appo' });
    const print = screen.getByRole('button', { name: 'Scarica in alta risoluzione (300 dpi)' });
    expect(print).toBeEnabled();
    const user = userEvent.setup();
    // Right after the screen image's download, for keyboard users too.
    screen.getByRole('button', { name: 'Scarica la carta (PNG)' }).focus();
    await user.tab();
    expect(print).toHaveFocus();
    draw.mockRejectedValueOnce(new Error('canvas troppo grande'));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Impossibile creare la carta in alta risoluzione in questo browser. Riprova o scarica l'immagine PNG.",
    );
    // A new drawing at a credit card's size, with the same content, never the screen's canvas.
    expect(draw).toHaveBeenLastCalledWith(expect.any(HTMLCanvasElement), draw.mock.calls[0][1], { width: 1011, height: 638 });
    expect(draw.mock.lastCall![0]).not.toBe(canvas());
    expect(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })).toBeEnabled();
    expect(print).not.toHaveAttribute('aria-busy');
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

  describe('the wallet buttons (decision 042)', () => {
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

    it('are reached by the keyboard from the heading, in order, before the download', async () => {
      await showCard(document, { ...CARD, wallet: { apple: APPLE, google: GOOGLE } }, { apiBaseUrl: '', brandName: 'Appo' });
      expect(screen.getByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' })).toHaveFocus();
      const user = userEvent.setup();
      await user.tab();
      expect(screen.getByRole('link', { name: 'Aggiungi ad Apple Wallet' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('link', { name: 'Salva in Google Wallet' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })).toHaveFocus();
    });

    it('shows only the one whose link came, and none without a wallet or with a link that is not a web address', async () => {
      await showCard(document, { ...CARD, wallet: { google: GOOGLE } }, { apiBaseUrl: '', brandName: 'Appo' });
      expect(shown()).toEqual([['Salva in Google Wallet', GOOGLE]]);

      markup();
      await showCard(document, CARD, { apiBaseUrl: '', brandName: 'Appo' });
      expect(shown()).toEqual([]);
      expect(document.querySelector<HTMLElement>('[data-wallet-links]')!.hidden).toBe(true);

      markup();
      await showCard(document, { ...CARD, wallet: { apple: 'javascript:alert(1)' } }, { apiBaseUrl: '', brandName: 'Appo' });
      expect(shown()).toEqual([]);
    });
  });

  describe("the customer's page (decision 051)", () => {
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
});
