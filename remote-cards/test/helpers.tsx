/** Helpers for the remote's tests, which run against the real API on PGlite (tools/jest/real-api.js). */
import type { ReactElement } from 'react';
import type { Business, User } from '@loyalty/shared';
import { API, DEMO_ADMIN, DEMO_SUPERADMIN as DEMO_SUPER_ADMIN, renderWithProviders } from '@loyalty/shared/testing';

export { API, DASHBOARD_BASE_URL, DEMO_ADMIN, LocationProbe, configureTestRuntime, currentLocation } from '@loyalty/shared/testing';
export { DEMO_SUPER_ADMIN };
export const BAR_CENTRALE = 'default-business-id';

/** A call to the real API, failing the test on an unexpected status. */
export async function apiCall<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${API}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function login(account = DEMO_ADMIN): Promise<{ token: string; user: User }> {
  return apiCall('POST', '/auth/login', null, account);
}

/** How many cards a business has now (other suites sharing the test API may have added some). */
export async function cardCount(token: string, businessId: string): Promise<number> {
  return (await apiCall<{ total_cards: number }>('GET', `/loyalty-cards/business/${businessId}/stats`, token)).total_cards;
}

let unique = 0;
/** A name no other test uses (the tests of every file share one database). */
export const uniqueName = (prefix: string) => `${prefix} ${process.pid}-${Date.now()}-${++unique}`;

/** A new business of the demo admin; WhatsApp as asked (a super admin flips the flag). */
export async function createBusiness(adminToken: string, { whatsapp = false } = {}): Promise<Business> {
  const business = await apiCall<Business>('POST', '/business', adminToken, { name: uniqueName('Negozio') });
  if (whatsapp) {
    const { token } = await login(DEMO_SUPER_ADMIN);
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

/** A customer with a card at `businessId`, with `points` already on it. */
export async function createCard(adminToken: string, businessId: string, name: string, points = 0): Promise<TestCard> {
  const phone = `+39 333 ${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
  const email = `${uniqueName('cliente').replace(/\W+/g, '.')}@example.it`;
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
  const { token } = await login(DEMO_SUPER_ADMIN);
  const { messages } = await apiCall<{ messages: { card_id: string; body: string; channel: string }[] }>(
    'GET',
    `/outbox?businessId=${encodeURIComponent(businessId)}&limit=500`,
    token,
  );
  return messages.filter((message) => message.card_id === cardId);
}

/** Renders a screen as the shell would: signed in (token stored), the given business selected. */
export function renderSignedIn(ui: ReactElement, { token, user, businessId, route = '/' }: { token: string; user: User; businessId: string | null; route?: string }) {
  localStorage.setItem('token', token);
  return renderWithProviders(ui, {
    route,
    preloadedState: { session: { user, loading: false, checked: true }, currentBusiness: { id: businessId } },
  });
}
