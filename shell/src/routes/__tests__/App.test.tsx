/**
 * The shell's routes, guards and layout against the real API (started by tools/jest/real-api.js on
 * PGlite with the demo seed). Remote code is not loaded in jsdom: each area is identified by the remote
 * that owns it (data-remote), and the real loading is proven by the e2e journeys.
 */
import { Profiler } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, getRuntimeConfig, setRuntimeConfig, useAuth, useLocation, type User } from '@loyalty/shared';
import { renderWithProviders } from '@loyalty/shared/testing';
import { App } from '../App';
import { RequireAdmin } from '../guards';
import { pageLoad } from '../HtmlPageRoute';
import { routeFor } from '../../shared/routeTable';
import { screenTitle } from '../../features/layout/hooks/useScreenTitle';

const API = process.env.TEST_API_URL!;

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="posizione">{location.pathname + location.search}</output>;
}

function renderApp(route: string) {
  return renderWithProviders(
    <>
      <App />
      <LocationProbe />
    </>,
    { route },
  );
}

async function loginAsDemoAdmin() {
  const res = await fetch(`${API}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  localStorage.setItem('token', token);
}

const location = () => screen.getByRole('status', { name: 'posizione' }).textContent;

const pageLoads: string[] = [];

beforeEach(() => {
  pageLoads.length = 0;
  pageLoad.assign = (url) => void pageLoads.push(url);
  localStorage.clear();
  setRuntimeConfig({ apiBaseUrl: `${API}/api` });
});

describe('without a session', () => {
  // /login is the landing's prerendered page, which the shell's server answers; the app loads it
  // in full rather than rendering the landing remote's React page (docs/decisions/028).
  it('sends a visitor of /dashboard to /login, loaded as a whole page (the prerendered landing)', async () => {
    const { container } = renderApp('/dashboard');
    await waitFor(() => expect(location()).toBe('/login'));
    await waitFor(() => expect(pageLoads).toEqual(['/login']));
    expect(container.querySelector('[data-remote="landing"]')).toBeNull();
  });

  it('sends a visitor of a protected link (the QR add-points page) to /login with the way back (decision 071)', async () => {
    renderApp('/dashboard/add-points?card_id=c1&user_id=u1');
    const next = `/login?next=${encodeURIComponent('/dashboard/add-points?card_id=c1&user_id=u1')}`;
    await waitFor(() => expect(pageLoads).toEqual([next]));
  });

  it('sends / and unknown paths to /login', async () => {
    renderApp('/qualcosa/di/strano');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  // The customers' signup page is prerendered too; the app loads it in full, with its query string.
  it('keeps the public signup page public, loaded as a whole page with its business_id', async () => {
    const { container } = renderApp('/loyalty-cards/create?business_id=default-business-id');
    await waitFor(() => expect(pageLoads).toEqual(['/loyalty-cards/create?business_id=default-business-id']));
    expect(location()).toBe('/loyalty-cards/create?business_id=default-business-id');
    expect(container.querySelector('[data-remote="landing"]')).toBeNull();
  });

  it('clears a token the API rejects and shows the login page', async () => {
    localStorage.setItem('token', 'not-a-valid-token');
    renderApp('/dashboard');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('as the demo admin', () => {
  beforeEach(loginAsDemoAdmin);

  it('opens the overview of the cards remote with the sidebar, switcher and user menu', async () => {
    document.title = 'Titolo della pagina di prima';
    const { container, user } = renderApp('/dashboard');
    // The frame is there while the stored session is checked (its heading, no entries yet); then the user's.
    expect(screen.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Sezioni della dashboard' })).queryAllByRole('link')).toEqual([]);
    const nav = await screen.findByRole('navigation', { name: 'Sezioni della dashboard' });
    await waitFor(() => expect(within(nav).queryAllByRole('link').length).toBeGreaterThan(0));
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Panoramica',
      'Campagne',
      'Automazioni',
      'Carte Fedeltà',
      'Premi',
      'SMS Facile',
      'Impostazioni Twilio',
      'Posta in uscita',
      'Impostazioni App',
      'Gestione Utenti',
      'Documentazione',
    ]);
    // The screen follows the frame's entries in a render of its own (a transition: RequireAuth).
    await waitFor(() => expect(container.querySelector('[data-remote="cards"]')).not.toBeNull());
    // The tab is named after the screen.
    expect(document.title).toBe(`Panoramica – ${getRuntimeConfig().brandName}`);

    // The switcher prefers default-business-id and lists every business of the admin.
    const switcher = await screen.findByRole('button', { name: /Attività corrente: Bar Centrale/ });
    await user.click(switcher);
    await user.click(screen.getByRole('button', { name: 'Profumeria Bella' }));
    expect(await screen.findByRole('button', { name: /Attività corrente: Profumeria Bella/ })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /Marco Bianchi/ }));
    expect(screen.getByText('admin@demo.it')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Profilo' })).toHaveAttribute('href', '/dashboard/settings');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(pageLoads).toEqual(['/login']));
    // The dashboard gone, the page's own title is back.
    expect(document.title).toBe('Titolo della pagina di prima');
  });

  it('draws the screen after the session check in a commit of its own, the frame kept meanwhile (the screen in a transition)', async () => {
    // Each commit: whether the check had answered when it was drawn, and whether the screen's area was there. The
    // check's answer comes through the store, drawn at once in one task: the screen must come in a later render.
    const checked = { current: false };
    function Watched() {
      checked.current = useAuth().checked;
      return <App />;
    }
    const commits: string[] = [];
    const { container } = renderWithProviders(
      <Profiler id="app" onRender={() => commits.push(`${checked.current ? 'checked' : 'checking'}:${document.querySelector('[data-remote="cards"]') ? 'screen' : 'frame'}`)}>
        <Watched />
      </Profiler>,
      { route: '/dashboard' },
    );
    await waitFor(() => expect(container.querySelector('[data-remote="cards"]')).not.toBeNull());
    const checkedAt = commits.findIndex((commit) => commit.startsWith('checked'));
    expect(commits[checkedAt]).toBe('checked:frame');
    expect(commits.indexOf('checked:screen')).toBeGreaterThan(checkedAt);
  });

  // Each redirect below comes after the session check against the real API: over a second when the machine is busy
  // (seen in CI runs, on each of the three).
  const afterSessionCheck = { timeout: 5000 };

  it('redirects /login to the dashboard', async () => {
    renderApp('/login');
    await waitFor(() => expect(location()).toBe('/dashboard'), afterSessionCheck);
  });

  it('sends unknown dashboard paths to the overview', async () => {
    renderApp('/dashboard/non-esiste');
    await waitFor(() => expect(location()).toBe('/dashboard'), afterSessionCheck);
  });

  it('needs both card_id and user_id on the add-points page', async () => {
    renderApp('/dashboard/add-points?card_id=abc');
    await waitFor(() => expect(location()).toBe('/dashboard'), afterSessionCheck);
  });

  it('routes each dashboard path to the remote that owns it', async () => {
    const cases: [string, string][] = [
      ['/dashboard/campaigns', 'campaigns'],
      ['/dashboard/loyalty-cards', 'cards'],
      ['/dashboard/rewards', 'cards'],
      ['/dashboard/add-points?card_id=a&user_id=b', 'cards'],
      ['/dashboard/easy-sms', 'messaging'],
      ['/dashboard/twilio-settings', 'messaging'],
      ['/dashboard/outbox', 'messaging'],
      ['/dashboard/users', 'admin'],
      ['/dashboard/settings', 'admin'],
      ['/dashboard/documentation', 'admin'],
      ['/campaign-success', 'campaigns'],
    ];
    for (const [path, remote] of cases) {
      const { container, unmount } = renderApp(path);
      await waitFor(() => expect(container.querySelector(`[data-remote="${remote}"]`)).not.toBeNull());
      expect(location()).toBe(path);
      expect(document.title).toBe(screenTitle(path.split('?')[0], getRuntimeConfig().brandName));
      unmount();
    }
    // Eleven whole apps, each with its session check against the real API and its screen drawn in a transition after
    // it: about a second on a quiet machine, past Jest's 5 s in CI-like runs at load 7–11 (seen twice, on main too).
  }, 30_000);
});

describe('as a new admin without any business', () => {
  beforeEach(async () => {
    const superAdmin = await fetch(`${API}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@demo.it', password: 'SuperAdmin2026!' }),
    });
    const { token: superToken } = (await superAdmin.json()) as { token: string };
    const account = { email: `nuovo-${Date.now()}@example.it`, password: 'Password2026!' };
    const created = await fetch(`${API}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${superToken}` },
      body: JSON.stringify({ ...account, full_name: 'Nuovo Admin', role: 'admin' }),
    });
    expect(created.status).toBe(201);
    const login = await fetch(`${API}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    localStorage.setItem('token', ((await login.json()) as { token: string }).token);
  });

  it("finds under 'Nessuna attività trovata' the way to create the first, in Impostazioni → Aziende", async () => {
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Attività corrente: nessuna/ }));
    const list = screen.getByRole('list', { name: 'Attività' });
    expect(within(list).getByText('Nessuna attività trovata')).toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: 'Crea la tua prima attività' }));
    await waitFor(() => expect(location()).toBe('/dashboard/settings?tab=aziende'));
    expect(screen.queryByRole('list', { name: 'Attività' })).toBeNull();
  });
});

describe('as an owner with exactly one shop (decision 078)', () => {
  it('shows the shop’s name and no switcher', async () => {
    const superAdmin = await fetch(`${API}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@demo.it', password: 'SuperAdmin2026!' }),
    });
    const { token: superToken } = (await superAdmin.json()) as { token: string };
    const account = { email: `un-negozio-${Date.now()}@example.it`, password: 'Password2026!' };
    await fetch(`${API}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${superToken}` },
      body: JSON.stringify({ ...account, full_name: 'Titolare Unico', role: 'admin' }),
    });
    const login = await fetch(`${API}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    const { token } = (await login.json()) as { token: string };
    const shop = await fetch(`${API}/api/business`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Unico Negozio' }),
    });
    expect(shop.status).toBe(201);
    localStorage.setItem('token', token);

    renderApp('/dashboard');
    expect(await screen.findByText('Unico Negozio')).toBeVisible();
    expect(screen.getByText('Unico Negozio').closest('p')).toHaveTextContent('Attività corrente: Unico Negozio');
    expect(screen.queryByRole('button', { name: /Attività corrente/ })).toBeNull();
  });
});

describe('admin-only screens', () => {
  const client: User = { id: 'c1', email: 'cliente@example.it', full_name: 'Cliente', role: 'client', phone: null, created_at: '2026-01-01', business_id: null };

  it('send a client back to the overview', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/users" element={<RequireAdmin route={routeFor('/dashboard/users')!}><p>utenti</p></RequireAdmin>} />
        <Route path="/dashboard" element={<LocationProbe />} />
      </Routes>,
      { route: '/dashboard/users', preloadedState: { session: { user: client, loading: false, checked: true } } },
    );
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByText('utenti')).toBeNull();
  });
});
