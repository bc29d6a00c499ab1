/** The public card signup (SPEC §2, §5) against the real API and its demo business "Bar Centrale". */
import { Route, Routes } from '@loyalty/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import {
  API,
  LOGGED_IN_ADMIN,
  LocationProbe,
  configureTestRuntime,
  currentLocation,
  sessionState,
  unreachableApiBaseUrl,
} from '../../../../test/helpers';
import { SignupPage } from '../SignupPage';

function renderSignup(route: string, user = sessionState()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/loyalty-cards/create" element={<SignupPage />} />
        <Route path="/login" element={<h1>Login</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, preloadedState: user },
  );
}

const SIGNUP_ROUTE = '/loyalty-cards/create?business_id=default-business-id';

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
  configureTestRuntime();
});

describe('redirects', () => {
  it('sends a visitor without business_id to /login', async () => {
    renderSignup('/loyalty-cards/create');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('sends a visitor to /login when the business does not exist', async () => {
    renderSignup('/loyalty-cards/create?business_id=non-esiste');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('sends a visitor to /login when the business lookup fails', async () => {
    configureTestRuntime(await unreachableApiBaseUrl());
    renderSignup(SIGNUP_ROUTE);
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('sends a logged-in user to /dashboard', async () => {
    renderSignup(SIGNUP_ROUTE, sessionState(LOGGED_IN_ADMIN));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });
});

describe('the form', () => {
  it('names the business and offers both consents, the optional one unticked', async () => {
    renderSignup(SIGNUP_ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ottieni la tua Carta Fedeltà' })).toBeInTheDocument();
    expect(screen.getByText('Bar Centrale')).toBeInTheDocument();
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
    const { user } = renderSignup(SIGNUP_ROUTE);
    const sms = await screen.findByRole('checkbox', { name: 'via SMS' });
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

  it('shows the exact message of every missing field, also for blanks, and focuses the first', async () => {
    const { user } = renderSignup(SIGNUP_ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Ottieni' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Campo "email" è obbligatorio');
    expect(screen.getByLabelText('Nome completo')).toHaveAccessibleDescription('Campo "nome completo" è obbligatorio');
    expect(screen.getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Campo "numero di telefono" obbligatorio');
    expect(screen.getByRole('checkbox', { name: /informativa/ })).toHaveAccessibleDescription(
      "È necessario accettare l'informativa sulla privacy",
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'cliente@example.it');
    await user.type(screen.getByLabelText('Nome completo'), '   ');
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Nome completo')).toHaveAccessibleDescription('Campo "nome completo" è obbligatorio');
    expect(screen.getByLabelText('Nome completo')).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'La tua Carta Fedeltà' })).toBeNull();
  });

  it('stops a phone that is not a number before the server, under the field (issue 17)', async () => {
    const { user } = renderSignup(SIGNUP_ROUTE);
    await user.type(await screen.findByLabelText('Email'), 'lettere@example.it');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Rossi');
    await user.type(screen.getByLabelText('Numero di telefono'), 'abc');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(screen.getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Numero di telefono non valido');
    expect(screen.getByLabelText('Numero di telefono')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's 'Numero di telefono non valido' under the phone field (issue 17)", async () => {
    const { user } = renderSignup(SIGNUP_ROUTE);
    await user.type(await screen.findByLabelText('Email'), 'sei.cifre@example.it');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Rossi');
    // Shaped like a number, so only the server (libphonenumber) can tell it is not one.
    await user.type(screen.getByLabelText('Numero di telefono'), '123456');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    await waitFor(() => expect(screen.getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Numero di telefono non valido'));
    expect(screen.getByLabelText('Numero di telefono')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'La tua Carta Fedeltà' })).toBeNull();
  });

  it("shows the server's error", async () => {
    const { user } = renderSignup(SIGNUP_ROUTE);
    await user.type(await screen.findByLabelText('Email'), 'non-una-email');
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
    expect(await screen.findByRole('alert')).toHaveTextContent(error);
    expect(screen.getByRole('button', { name: 'Ottieni' })).toBeEnabled();
  });

  it('creates the card with the privacy acknowledgement and the channels ticked, and shows it', async () => {
    const { user } = renderSignup(SIGNUP_ROUTE);
    await user.type(await screen.findByLabelText('Email'), '  giulia.verdi@example.it ');
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Verdi');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 7654321');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('checkbox', { name: 'via Email' }));
    await user.click(screen.getByRole('checkbox', { name: 'via WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(screen.getByRole('button', { name: 'Ottieni' })).toHaveAttribute('aria-busy', 'true');

    const heading = await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent('Bar Centrale');
    const card = screen.getByRole('img', { name: 'Carta fedeltà Appo di Bar Centrale con codice QR' });
    expect(card).toHaveAttribute('width', '400');
    expect(card).toHaveAttribute('height', '250');
    // jsdom cannot draw on a canvas: the drawing and download are proven in Chromium (e2e/tests/landing.spec.ts).
    expect(await screen.findByRole('alert')).toHaveTextContent('Non è stato possibile disegnare la carta');
    expect(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })).toBeDisabled();

    // The card exists in the business with the customer's data.
    const cards = (await (
      await fetch(`${API}/api/loyalty-cards/business/default-business-id`, { headers: { authorization: `Bearer ${await adminToken()}` } })
    ).json()) as { email: string; customer_name: string; customer_phone: string; marketing_channels: string[] }[];
    expect(cards).toContainEqual(
      // Issue 17: stored in E.164.
      expect.objectContaining({
        email: 'giulia.verdi@example.it',
        customer_name: 'Giulia Verdi',
        customer_phone: '+393337654321',
        marketing_channels: ['whatsapp', 'email'],
        marketing_consent: true,
      }),
    );
  });
});

describe('a stamp card (issue 20, decision 039)', () => {
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
    const { user } = renderSignup(`/loyalty-cards/create?business_id=${shop}`);
    await user.type(await screen.findByLabelText('Email'), `timbri.${Date.now()}@example.it`);
    await user.type(screen.getByLabelText('Nome completo'), 'Tina Timbri');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 7650000');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' })).toHaveFocus();
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent('Caffè dei Timbri per accumulare timbri.');
    expect(screen.getByRole('img', { name: 'Carta fedeltà Appo di Caffè dei Timbri con codice QR: 0 timbri su 10' })).toBeInTheDocument();
  });

  it('says punti for a points shop, as before', async () => {
    const { user } = renderSignup(SIGNUP_ROUTE);
    await user.type(await screen.findByLabelText('Email'), `punti.${Date.now()}@example.it`);
    await user.type(screen.getByLabelText('Nome completo'), 'Paolo Punti');
    await user.type(screen.getByLabelText('Numero di telefono'), '+39 333 7650001');
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' })).toBeInTheDocument();
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent('Bar Centrale per accumulare punti.');
  });
});

describe('an e-mail that already has a card here (issue 16)', () => {
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

  async function fillAndSend(user: ReturnType<typeof renderSignup>['user'], email: string, phone: string) {
    await user.type(await screen.findByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Nome completo'), 'Qualcuno');
    await user.type(screen.getByLabelText('Numero di telefono'), phone);
    await user.click(screen.getByRole('checkbox', { name: /informativa/ }));
    await user.click(screen.getByRole('button', { name: 'Ottieni' }));
  }

  it('shows no card to another phone, only that the card was sent again to the contacts on file', async () => {
    const email = `gia.iscritta.${Date.now()}@example.it`;
    const card = await signUpThroughApi(email);
    const { user } = renderSignup(SIGNUP_ROUTE);
    await fillAndSend(user, email, '+39 320 0000000');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Carta già richiesta' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Bar Centrale')).toBeInTheDocument();
    expect(screen.getByText(/^Sei già iscritto: ti abbiamo inviato di nuovo la tua carta/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scarica la carta (PNG)' })).toBeNull();
    expect(screen.queryByText(new RegExp(card.card_number))).toBeNull();
    // Issue 22: the customer's page, which opens only through a link sent to the card's own contact.
    expect(screen.getByRole('link', { name: 'Vedi saldo, premi e movimenti' })).toHaveAttribute('href', '/my-card');
  });

  it('gives the card back to whoever gives its e-mail and phone, however the phone is written', async () => {
    const email = `stessa.persona.${Date.now()}@example.it`;
    const card = await signUpThroughApi(email);
    const { user } = renderSignup(SIGNUP_ROUTE);
    await fillAndSend(user, email.toUpperCase(), '333 555 0001');

    expect(await screen.findByRole('heading', { level: 1, name: 'La tua Carta Fedeltà' })).toHaveFocus();
    expect(screen.getByText(/Mostra il codice QR in cassa da/)).toHaveTextContent(`Numero carta: ${card.card_number}.`);
    // Issue 22: balance, rewards and movements afterwards, on the customer's page.
    expect(screen.getByRole('link', { name: 'Vedi saldo, premi e movimenti' })).toHaveAttribute('href', '/my-card');
  });
});
