/**
 * Set-ups of the cards remote's tests, on top of @loyalty/shared/testing (the real API on PGlite,
 * tools/jest/real-api.js): businesses and cards of the demo admin, the outbox, a screen with a session.
 */
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { Route, Routes, type Business, type User } from '@loyalty/shared';
import { AddPointsScreen } from '../src/features/cards/components/AddPointsScreen';
import { API, DEMO_ADMIN, DEMO_SUPERADMIN, callApi, configureTestRuntime, logIn, renderWithProviders, unique } from '@loyalty/shared/testing';

export { API, DASHBOARD_BASE_URL, DEMO_ADMIN, DEMO_SUPERADMIN, LocationProbe, configureTestRuntime, currentLocation, logIn, unique } from '@loyalty/shared/testing';
export const BAR_CENTRALE = 'default-business-id';

/** Shared's callApi for set-ups: the answer's body, and the test fails on an unexpected status. */
export async function apiCall<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const answer = await callApi<T>(path, { method, token: token ?? undefined, body });
  if (answer.status >= 400) throw new Error(`${method} ${path}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A sale of `amount` ('23.50') at the counter, as one submission with its own idempotency key (decision 075). */
export async function recordSale(token: string, cardId: string, amount: string): Promise<void> {
  const answer = await callApi(`/loyalty-cards/${cardId}/sales`, { method: 'POST', token, body: { amount }, headers: { 'idempotency-key': unique('vendita') } });
  if (answer.status !== 200) throw new Error(`POST sale: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** How many cards a business has now (other suites sharing the test API may have added some). */
export async function cardCount(token: string, businessId: string): Promise<number> {
  return (await apiCall<{ total_cards: number }>('GET', `/loyalty-cards/business/${businessId}/stats`, token)).total_cards;
}

/** A new business of the demo admin; WhatsApp as asked (a super admin flips the flag). */
export async function createBusiness(adminToken: string, { whatsapp = false } = {}): Promise<Business> {
  const business = await apiCall<Business>('POST', '/business', adminToken, { name: unique('Negozio') });
  if (whatsapp) {
    const { token } = await logIn(DEMO_SUPERADMIN);
    await apiCall('PUT', `/settings/${business.id}`, token, { whatsapp_enabled: 1 });
  }
  return { ...business, whatsapp_enabled: whatsapp ? 1 : 0 };
}

export interface TestCard {
  id: string;
  userId: string;
  name: string;
  phone: string;
}

/** A customer with a card at `businessId` (made by the admin, as the users screen does), with `points` already on it. */
export async function createCard(adminToken: string, businessId: string, name: string, points = 0): Promise<TestCard> {
  const phone = `+39 333 ${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
  const email = `${unique('cliente').replace(/\W+/g, '.')}@example.it`;
  const created = await apiCall<{ id: string; card_id: string }>('POST', '/users', adminToken, {
    email,
    full_name: name,
    role: 'client',
    phone,
    business_id: businessId,
  });
  if (points !== 0) await apiCall('POST', `/loyalty-cards/${created.card_id}/points`, adminToken, { points, description: 'Saldo iniziale' });
  return { id: created.card_id, userId: created.id, name, phone };
}

/** The messages the outbox driver "sent" for a card. */
export async function outboxMessagesOf(cardId: string, businessId: string): Promise<{ card_id: string; body: string; channel: string }[]> {
  const { token } = await logIn(DEMO_SUPERADMIN);
  const { messages } = await apiCall<{ messages: { card_id: string; body: string; channel: string }[] }>(
    'GET',
    `/outbox?businessId=${encodeURIComponent(businessId)}&limit=500`,
    token,
  );
  return messages.filter((message) => message.card_id === cardId);
}

/**
 * A screen as the shell renders it, with a session the test already holds (one login per file: argon2 is slow
 * on two cores), the given business selected. Shared's renderSignedIn logs in for each render instead.
 */
export function renderWithSession(ui: ReactElement, { token, user, businessId, route = '/' }: { token: string; user: User; businessId: string | null; route?: string }) {
  localStorage.setItem('token', token);
  return renderWithProviders(ui, {
    route,
    preloadedState: { session: { user, loading: false, checked: true }, currentBusiness: { id: businessId } },
  });
}

export interface DemoAdminSession {
  /** The demo admin's token and user, set by the file's first `beforeAll`. */
  token: string;
  user: User;
  /** `ui` as the shell renders it, signed in as the demo admin, with `businessId` selected. */
  render: (ui: ReactElement, businessId: string | null, route?: string) => ReturnType<typeof renderWithSession>;
}

/**
 * The hooks of a test file that works as the demo admin: the runtime configuration and one login for the
 * whole file (argon2 is slow on two cores), then a clean localStorage and configuration before each test.
 * Call it at the top of the file, before the file's own hooks: they run after these, the session ready.
 */
export function signedInAsDemoAdmin(): DemoAdminSession {
  const session: DemoAdminSession = {
    token: '',
    user: undefined as unknown as User,
    render: (ui, businessId, route) => renderWithSession(ui, { token: session.token, user: session.user, businessId, route }),
  };
  beforeAll(async () => {
    configureTestRuntime();
    ({ token: session.token, user: session.user } = await logIn(DEMO_ADMIN));
  });
  beforeEach(() => {
    localStorage.clear();
    configureTestRuntime();
  });
  return session;
}

/** The page a card's QR opens, as the demo admin of `session`. */
export const renderQrPage = (session: DemoAdminSession, card: TestCard, businessId: string) =>
  session.render(
    <Routes>
      <Route path="/dashboard/add-points" element={<AddPointsScreen />} />
    </Routes>,
    businessId,
    `/dashboard/add-points?card_id=${card.id}&user_id=${card.userId}`,
  );

/** A card's row in the cards screen's list, found by the customer's name. */
export const cardRow = (name: string) => screen.findByRole('article', { name });

/**
 * The real API behind a pass-through proxy that loses the answer to the first POST whose path matches `path`
 * after the API has given it (the connection is cut, as an instance killed mid-answer or a dropped network would):
 * what a counter sees when its change went through but no answer came back. It records each such request's
 * Idempotency-Key.
 */
export async function apiLosingFirstAnswer(path: RegExp): Promise<{ apiBaseUrl: string; keys: string[]; close: () => Promise<void> }> {
  const target = new URL(API);
  const keys: string[] = [];
  let lost = false;
  const server = createServer((request, response) => {
    const watched = request.method === 'POST' && path.test(request.url ?? '');
    if (watched) keys.push(String(request.headers['idempotency-key']));
    const upstream = forward({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
      if (watched && !lost) {
        lost = true;
        answer.resume();
        answer.on('end', () => response.destroy());
        return;
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBaseUrl: `http://127.0.0.1:${port}/api`,
    keys,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
