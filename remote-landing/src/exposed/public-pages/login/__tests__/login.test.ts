/**
 * The login page — its markup as the build renders it, driven by its script (the page's only controller) —
 * against the real API: sections and navigation, the login form's states, messages and lock, the
 * mobile menu, the SVG charts and the cookie banner, and where a visitor is sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as realDelay } from 'node:timers/promises';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, DEMO_ADMIN, SUPPORT, unreachableApiBaseUrl } from '../../../../../test/helpers';
import { renderPublicPage } from '../../render';
import { start } from '../login';

const SAVED_COOKIES = JSON.stringify({ essential: true, analytics: false, marketing: false });
const LOCK = 'Troppi tentativi. Riprova tra 5 minuti.';

interface FakeLocation {
  pathname: string;
  search: string;
  hash: string;
  replace: jest.Mock;
  assign: jest.Mock;
}

/**
 * The page as a browser receives it (the build's HTML, brand and contacts of the test configuration), its
 * script started against the real API (or `apiBaseUrl`). A second call is a reload: same local storage.
 */
function openLoginPage({ apiBaseUrl = `${API}/api`, pathname = '/login', search = '', advanceTimers }: { apiBaseUrl?: string; pathname?: string; search?: string; advanceTimers?: (ms: number) => void } = {}) {
  document.body.innerHTML = renderPublicPage('login', '/login', { brandName: 'Appo', support: SUPPORT }).html;
  const location: FakeLocation = { pathname, search, hash: '', replace: jest.fn(), assign: jest.fn() };
  start(document, location as unknown as Location, Promise.resolve({ apiBaseUrl, brandName: 'Appo', support: SUPPORT }));
  return { location, user: userEvent.setup(advanceTimers ? { advanceTimers } : {}) };
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const submitButton = () => screen.getByRole('button', { name: 'Accedi' });

/**
 * Polls on Node's own timers (never faked): with jest's fake clock, testing-library's waitFor would only
 * advance the fake clock, which never lets the real API's answer in.
 */
async function eventually(check: () => void) {
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      check();
      return;
    } catch {
      await realDelay(25);
    }
  }
  check();
}

beforeEach(() => localStorage.clear());

describe('the page', () => {
  beforeEach(() => localStorage.setItem('cookiePrefs', SAVED_COOKIES));

  it('has the anchors, the navigation, the hero and the claim', () => {
    openLoginPage();
    for (const id of ['top', 'login', 'features', 'pricing']) expect(document.getElementById(id)).not.toBeNull();

    // jsdom matches no media query, so the desktop navigation is hidden as on a phone (and has no
    // accessible name while hidden): find it by its label.
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Navigazione principale"]')!;
    expect(within(nav).getByRole('link', { name: 'Funzionalità', hidden: true })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Prezzi', hidden: true })).toHaveAttribute('href', '#pricing');
    expect(within(nav).getByRole('link', { name: 'Accedi', hidden: true })).toHaveAttribute('href', '#login');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-controls', 'landing-mobile-menu');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Carte fedeltà digitali');
    expect(screen.getByText(/aumentano il fatturato in media del/)).toHaveTextContent('20% in meno di 6 mesi');
    const sectors = within(screen.getByRole('list', { name: 'Settori' })).getAllByRole('listitem');
    // The specification's tags, in its order, as one line of copy.
    expect(sectors.map((tag) => tag.textContent).join(', ')).toBe(
      'Supermercati, Ristoranti, Bar e caffetterie, Farmacie, Profumerie, Centri estetici, Abbigliamento, E-commerce, Librerie, Palestre',
    );
    expect(screen.getByRole('link', { name: 'Inizia ora' })).toHaveAttribute('href', '#login');
    expect(screen.getByRole('link', { name: 'Scopri di più' })).toHaveAttribute('href', '#features');
  });

  it('shows the two plans, each asking support for itself by email', () => {
    openLoginPage();
    const pricing = screen.getByRole('region', { name: 'Prezzi' });
    const whatsapp = within(pricing).getByRole('region', { name: 'Pacchetto WhatsApp' });
    expect(whatsapp).toHaveTextContent('Popolare');
    expect(whatsapp).toHaveTextContent('20 € / mese');
    expect(whatsapp).toHaveTextContent('Messaggi WhatsApp');
    const complete = within(pricing).getByRole('region', { name: 'Pacchetto Completo' });
    expect(complete).toHaveTextContent('Migliore');
    expect(complete).toHaveTextContent('30 € / mese');
    expect(complete).toHaveTextContent('Report dettagliati');

    const choose = within(complete).getByRole('link', { name: 'Scegli Pacchetto' });
    expect(choose).toHaveAccessibleDescription('Pacchetto Completo');
    const mailto = new URL(choose.getAttribute('href')!);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('supporto@example.it');
    expect(mailto.searchParams.get('subject')).toBe('Richiesta Pacchetto Completo');
  });

  it('has a footer with the year, the support phone and the legal links', () => {
    openLoginPage();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Appo`);
    // Configured as '+39 02 1234 5678': shown in the Italian national format.
    expect(within(footer).getByRole('link', { name: '02 1234 5678' })).toHaveAttribute('href', 'tel:+390212345678');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy');
  });

  it('sends a signed-in visitor to /dashboard, and binds nothing', () => {
    localStorage.setItem('token', 'una-sessione');
    const { location } = openLoginPage();
    expect(location.replace).toHaveBeenCalledWith('/dashboard');
    expect(document.querySelector('[data-public-page="login"]')).toHaveAttribute('data-bound', 'true');
  });

  it('sends a signed-in visitor back where they were going (decision 071), only to a path of the dashboard', () => {
    localStorage.setItem('token', 'una-sessione');
    const back = openLoginPage({ search: `?next=${encodeURIComponent('/dashboard/add-points?card_id=c1&user_id=u1')}` });
    expect(back.location.replace).toHaveBeenCalledWith('/dashboard/add-points?card_id=c1&user_id=u1');
    for (const next of ['//evil.example', 'https://evil.example/dashboard', '/\\evil.example', '/%2F%2Fevil.example']) {
      document.body.innerHTML = '';
      const { location } = openLoginPage({ search: `?next=${encodeURIComponent(next)}` });
      expect(location.replace).toHaveBeenCalledWith('/dashboard');
    }
  });

  it('is the page a visitor of / gets: the address becomes /login', () => {
    history.replaceState(null, '', '/');
    openLoginPage({ pathname: '/' });
    expect(window.location.pathname).toBe('/login');
  });
});

describe('the charts', () => {
  beforeEach(() => localStorage.setItem('cookiePrefs', SAVED_COOKIES));

  it('are SVG drawings, with the same numbers in tables for screen readers', () => {
    openLoginPage();
    const revenue = screen.getByRole('table', { name: 'Fatturato mensile di esempio' });
    expect(within(revenue).getAllByRole('row')).toHaveLength(7);
    expect(within(revenue).getByRole('row', { name: /Gen/ })).toHaveTextContent(/12\.000.*15\.000/);
    expect(within(revenue).getByRole('row', { name: /Giu/ })).toHaveTextContent(/25\.000.*30\.000/);
    const extra = screen.getByRole('table', { name: 'Guadagno extra mensile di esempio' });
    expect(within(extra).getByRole('row', { name: /Giu/ })).toHaveTextContent(/13\.000/);
    // Euros as the shared formatter writes them: thousands grouped from four digits on.
    expect(within(extra).getByRole('row', { name: /Feb/ })).toHaveTextContent(/^Feb\s*2\.500\s€$/);
    const line = document.querySelector('svg[data-chart="revenue"]')!;
    expect(line.querySelectorAll('path[data-series]')).toHaveLength(2);
    const bars = document.querySelector('svg[data-chart="extra"]')!;
    expect(bars.querySelectorAll('rect[data-series="extra"]')).toHaveLength(6);
    // Every tick label is whole, in thousands with the Italian comma, inside the drawing's left margin.
    const ticks = Array.from(line.querySelectorAll('text[text-anchor="end"]')).map((t) => t.textContent);
    expect(ticks).toEqual(['0k', '8k', '16k', '24k', '32k']);
    for (const tick of line.querySelectorAll('text[text-anchor="end"]')) expect(Number(tick.getAttribute('x'))).toBeGreaterThanOrEqual(40);
  });
});

describe('the mobile menu', () => {
  beforeEach(() => localStorage.setItem('cookiePrefs', SAVED_COOKIES));

  it('opens with focus inside, keeps it there, and closes on Escape with focus back on its button', async () => {
    const { user } = openLoginPage();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    await user.click(toggle);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Funzionalità' })).toHaveFocus();
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Prezzi' })).toHaveFocus();
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Accedi' })).toHaveFocus();
    await user.tab();
    expect(within(menu).getByRole('button', { name: 'Chiudi menu' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(menu).getByRole('link', { name: 'Accedi' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes with its close button, with the backdrop, and when a link is followed', async () => {
    const { user } = openLoginPage();
    const backdrop = document.querySelector<HTMLElement>('[data-menu-backdrop]')!;
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(backdrop.hidden).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Chiudi menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    expect(backdrop.hidden).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(backdrop);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Prezzi' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('the login form', () => {
  beforeEach(() => localStorage.setItem('cookiePrefs', SAVED_COOKIES));

  it('has the heading, the fields and the company-address placeholder', () => {
    openLoginPage();
    const form = screen.getByRole('form', { name: 'Accedi al tuo account' });
    expect(within(form).getByRole('heading', { name: 'Accedi al tuo account' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(emailField()).toHaveAttribute('placeholder', 'nome@azienda.it');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toBeRequired();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for both fields when either is empty after trimming, and marks the empty ones', async () => {
    const { user } = openLoginPage();
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Inserisci email e password.');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Inserisci email e password.');
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');

    await user.type(emailField(), '   ');
    await user.type(passwordField(), 'qualcosa');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Inserisci email e password.');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).not.toHaveAttribute('aria-invalid');

    await user.clear(passwordField());
    await user.type(emailField(), 'admin@demo.it');
    await user.type(passwordField(), '  ');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Inserisci email e password.');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('logs in with the trimmed email, keeps the session where the app reads it and goes to /dashboard', async () => {
    const { user, location } = openLoginPage();
    await user.type(emailField(), `  ${DEMO_ADMIN.email} `);
    await user.type(passwordField(), DEMO_ADMIN.password);
    await user.click(submitButton());
    await eventually(() => expect(location.assign).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('token')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);

  it('offers «Password dimenticata?» in the page as the build renders it', () => {
    openLoginPage();
    expect(screen.getByRole('link', { name: 'Password dimenticata?' })).toHaveAttribute('href', '/password-dimenticata');
  });

  it('after a login caused by a protected link, opens that link of the dashboard (decision 071)', async () => {
    const { user, location } = openLoginPage({ search: `?next=${encodeURIComponent('/dashboard/add-points?card_id=c1&user_id=u1')}` });
    await user.type(emailField(), DEMO_ADMIN.email);
    await user.type(passwordField(), DEMO_ADMIN.password);
    await user.click(submitButton());
    await eventually(() => expect(location.assign).toHaveBeenCalledWith('/dashboard/add-points?card_id=c1&user_id=u1'));
  }, 15_000);

  it('brought by a dashboard link, puts the focus in «Email» (the form before the landing); opened directly, leaves it', () => {
    openLoginPage({ search: `?next=${encodeURIComponent('/dashboard/add-points?card_id=c1&user_id=u1')}` });
    expect(emailField()).toHaveFocus();
    openLoginPage();
    expect(emailField()).not.toHaveFocus();
  });

  it('marks the form busy while the call runs', async () => {
    const { user } = openLoginPage();
    await user.type(emailField(), 'attesa@example.it');
    await user.type(passwordField(), 'sbagliata');
    // A click dispatched without awaiting: the submit handler has run and started the call, and nothing else can
    // run before the checks below. (`await user.click` also waits a timer after the click, and on an idle machine
    // the API's answer could arrive within it: a race the CI run of 2026-11-30 lost.)
    submitButton().click();
    expect(screen.getByRole('form', { name: 'Accedi al tuo account' })).toHaveAttribute('aria-busy', 'true');
    expect(submitButton()).toBeDisabled();
    // The API hashes even for unknown addresses (no user enumeration): give it time on a busy machine.
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Credenziali non valide.');
    expect(screen.getByRole('form', { name: 'Accedi al tuo account' })).toHaveAttribute('aria-busy', 'false');
    expect(submitButton()).toBeEnabled();
  }, 15_000);

  it('reports a connection problem without counting it as a failed attempt', async () => {
    const { user } = openLoginPage({ apiBaseUrl: await unreachableApiBaseUrl() });
    await user.type(emailField(), DEMO_ADMIN.email);
    await user.type(passwordField(), DEMO_ADMIN.password);
    for (let attempt = 0; attempt < 4; attempt++) {
      await user.click(submitButton());
      await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent('Errore di connessione. Riprova piu tardi.'));
      await eventually(() => expect(submitButton()).toBeEnabled());
    }
    expect(emailField()).toBeEnabled();
    expect(localStorage.getItem('loginLockedUntil')).toBeNull();
  }, 15_000);
});

describe('a login without an answer', () => {
  afterEach(() => jest.useRealTimers());

  it('says «Il server non risponde. Riprova tra poco.» after 8 s, and «Riprova» sends the same login again', async () => {
    // An API that takes the first login and never answers it (a paused server), then answers the next one.
    const logins: unknown[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        logins.push(JSON.parse(body));
        if (logins.length === 1) return;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ token: 'token-dopo-la-pausa' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const { location, user } = openLoginPage({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, advanceTimers: jest.advanceTimersByTime });
      await user.type(emailField(), DEMO_ADMIN.email);
      await user.type(passwordField(), DEMO_ADMIN.password);
      await user.click(submitButton());
      await eventually(() => expect(logins).toHaveLength(1));
      jest.advanceTimersByTime(7_999);
      // The notice is in the page from the start, hidden (so it is announced when it shows).
      expect(screen.queryByRole('alert')).toBeNull();
      jest.advanceTimersByTime(1);
      const notice = screen.getByRole('alert');
      expect(notice).toHaveTextContent('Il server non risponde. Riprova tra poco.');
      expect(submitButton()).toBeDisabled();
      await user.click(within(notice).getByRole('button', { name: 'Riprova' }));
      await eventually(() => expect(location.assign).toHaveBeenCalledWith('/dashboard'));
      expect(logins).toEqual([logins[0], logins[0]]);
      expect(localStorage.getItem('token')).toBe('token-dopo-la-pausa');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 15_000);
});

describe('the login lock', () => {
  const START = new Date('2026-03-02T10:00:00Z');

  beforeEach(() => {
    localStorage.setItem('cookiePrefs', SAVED_COOKIES);
    jest.useFakeTimers({ now: START });
  });
  afterEach(() => jest.useRealTimers());

  async function failOnce(user: ReturnType<typeof userEvent.setup>, email: string, expected: string) {
    await user.clear(emailField());
    await user.type(emailField(), email);
    await user.clear(passwordField());
    await user.type(passwordField(), 'password-sbagliata');
    await user.click(submitButton());
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent(expected));
    await eventually(() => expect(screen.getByRole('form', { name: 'Accedi al tuo account' })).toHaveAttribute('aria-busy', 'false'));
  }

  it('locks after 3 rejected attempts for 5 minutes, across a reload, then starts counting again', async () => {
    const first = openLoginPage({ advanceTimers: jest.advanceTimersByTime });
    await failOnce(first.user, 'blocco-1@example.it', 'Credenziali non valide.');
    await failOnce(first.user, 'blocco-2@example.it', 'Credenziali non valide.');
    await failOnce(first.user, 'blocco-3@example.it', LOCK);
    expect(emailField()).toBeDisabled();
    expect(passwordField()).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(Number(localStorage.getItem('loginLockedUntil'))).toBe(START.getTime() + 5 * 60_000);

    // A reload (the page again, same local storage) keeps the lock and its message.
    jest.advanceTimersByTime(4 * 60_000);
    const second = openLoginPage({ advanceTimers: jest.advanceTimersByTime });
    expect(screen.getByRole('alert')).toHaveTextContent(LOCK);
    expect(emailField()).toBeDisabled();
    expect(submitButton()).toBeDisabled();

    jest.advanceTimersByTime(60_000 - 1);
    expect(submitButton()).toBeDisabled();
    jest.advanceTimersByTime(1);
    expect(submitButton()).toBeEnabled();
    expect(emailField()).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('loginLockedUntil')).toBeNull();

    // The counter starts again from zero.
    await failOnce(second.user, 'blocco-4@example.it', 'Credenziali non valide.');
    await failOnce(second.user, 'blocco-5@example.it', 'Credenziali non valide.');
    expect(submitButton()).toBeEnabled();
  }, 30_000);

  it('locks at the first attempt when the server has locked the address from another browser', async () => {
    // Another browser (a direct call here) fails 3 times: the server locks the address for 5 minutes.
    const email = `altro-browser-${Date.now()}@example.it`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await fetch(`${API}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password-sbagliata' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    const { user } = openLoginPage({ advanceTimers: jest.advanceTimersByTime });
    await failOnce(user, email, LOCK);
    expect(emailField()).toBeDisabled();
    expect(passwordField()).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(Number(localStorage.getItem('loginLockedUntil'))).toBe(START.getTime() + 5 * 60_000);

    jest.advanceTimersByTime(5 * 60_000);
    expect(submitButton()).toBeEnabled();
    expect(emailField()).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);

  it('forgets a lock that ended while the page was closed', () => {
    localStorage.setItem('loginLockedUntil', String(START.getTime() - 1));
    openLoginPage();
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('loginLockedUntil')).toBeNull();
  });
});

describe('the cookie banner', () => {
  const banner = () => screen.queryByRole('region', { name: 'Preferenze sui cookie' });

  it('shows until a choice is saved, and accepting all stores every category', async () => {
    const { user } = openLoginPage();
    const region = banner()!;
    const essential = within(region).getByRole('checkbox', { name: 'Essenziali (sempre attivi)' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(within(region).getByRole('checkbox', { name: 'Analitici' })).not.toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();

    await user.click(within(region).getByRole('button', { name: 'Accetta tutti' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem('cookiePrefs')!)).toEqual({ essential: true, analytics: true, marketing: true });

    openLoginPage();
    expect(banner()).toBeNull();
  });

  it('rejects the optional categories', async () => {
    const { user } = openLoginPage();
    await user.click(screen.getByRole('button', { name: 'Rifiuta facoltativi' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem('cookiePrefs')!)).toEqual({ essential: true, analytics: false, marketing: false });
  });

  it('saves a custom choice and can be reopened from the footer with it', async () => {
    const { user } = openLoginPage();
    await user.click(screen.getByRole('checkbox', { name: 'Analitici' }));
    await user.click(screen.getByRole('button', { name: 'Salva preferenze' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem('cookiePrefs')!)).toEqual({ essential: true, analytics: true, marketing: false });

    const reopen = screen.getByRole('button', { name: 'Preferenze cookie' });
    await user.click(reopen);
    const region = banner()!;
    expect(region).toHaveFocus();
    expect(within(region).getByRole('checkbox', { name: 'Analitici' })).toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    await user.click(within(region).getByRole('checkbox', { name: 'Marketing' }));
    await user.click(within(region).getByRole('button', { name: 'Salva preferenze' }));
    expect(JSON.parse(localStorage.getItem('cookiePrefs')!)).toEqual({ essential: true, analytics: true, marketing: true });
    expect(reopen).toHaveFocus();
  });

  it('shows again when the stored value is unreadable', () => {
    localStorage.setItem('cookiePrefs', '{rotto');
    openLoginPage();
    expect(banner()).not.toBeNull();
  });
});
