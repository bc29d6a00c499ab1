/**
 * Decision 101: the cards screen's first page is asked for by the bootstrap as soon as the session and the shop
 * list are in, for the shop the screen will show. Against the real API (tools/jest/real-api.js, PGlite, demo seed).
 */
import { api, checkSession, createAppStore, DEFAULT_BUSINESS_ID, rememberBusiness, setRuntimeConfig, type AppStore, type CardPageArgs } from '@loyalty/shared';
import { waitFor } from '@testing-library/react';
import { startFirstPageData } from '../firstPageData';
import { firstPageDataFor } from '../routeModules';

const API = process.env.TEST_API_URL!;

async function signIn(): Promise<{ userId: string; businessIds: string[] }> {
  const res = await fetch(`${API}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }),
  });
  expect(res.status).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { id: string } };
  localStorage.setItem('token', token);
  const list = await fetch(`${API}/api/business`, { headers: { authorization: `Bearer ${token}` } });
  const businesses = (await list.json()) as { id: string }[];
  return { userId: user.id, businessIds: businesses.map((b) => b.id) };
}

/** The card-list pages in the store's cache: the business each asks for, and whether it is in. */
const cardPages = (store: AppStore) =>
  Object.values(store.getState().api.queries)
    .filter((entry) => entry?.endpointName === 'getCardsPage')
    .map((entry) => ({ args: entry!.originalArgs as unknown as CardPageArgs, status: entry!.status }));

/** What the bootstrap does on a first page load with a stored session. */
function openFirstPage(store: AppStore, pathname: string) {
  startFirstPageData(store, firstPageDataFor(pathname, localStorage.getItem('token') !== null));
  void store.dispatch(checkSession());
  void store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
}

const settled = (store: AppStore) =>
  waitFor(() => {
    expect(api.endpoints.getBusinesses.select()(store.getState()).status).not.toBe('pending');
    expect(store.getState().session.checked).toBe(true);
  });

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ apiBaseUrl: `${API}/api` });
});

it('only the cards screen has first data, and only for a signed-in user', () => {
  expect(firstPageDataFor('/dashboard/loyalty-cards', true)).toBe('card-list');
  expect(firstPageDataFor('/dashboard/loyalty-cards/', true)).toBe('card-list');
  expect(firstPageDataFor('/dashboard/loyalty-cards', false)).toBeNull();
  expect(firstPageDataFor('/dashboard', true)).toBeNull();
  expect(firstPageDataFor('/login', true)).toBeNull();
});

it('asks for the first page of the shop the list chose, the request the screen makes (no search, no filter)', async () => {
  await signIn();
  const store = createAppStore();
  openFirstPage(store, '/dashboard/loyalty-cards');
  await waitFor(() => expect(cardPages(store)).toEqual([{ args: { businessId: DEFAULT_BUSINESS_ID, q: '', status: 'all', offset: 0, limit: 50 }, status: 'fulfilled' }]));
  const page = api.endpoints.getCardsPage.select({ businessId: DEFAULT_BUSINESS_ID, q: '', status: 'all', offset: 0, limit: 50 })(store.getState());
  expect(page.data?.items.length).toBeGreaterThan(0);
});

it('asks for the shop remembered for this user while the API lists it, else for the list\'s choice', async () => {
  const { userId, businessIds } = await signIn();
  const other = businessIds.find((id) => id !== DEFAULT_BUSINESS_ID)!;
  expect(other).toBeDefined();
  rememberBusiness(userId, other, localStorage);
  const store = createAppStore();
  openFirstPage(store, '/dashboard/loyalty-cards');
  await waitFor(() => expect(cardPages(store).map((p) => p.args.businessId)).toEqual([other]));

  rememberBusiness(userId, 'un-negozio-non-suo', localStorage);
  const again = createAppStore();
  openFirstPage(again, '/dashboard/loyalty-cards');
  await waitFor(() => expect(cardPages(again).map((p) => p.args.businessId)).toEqual([DEFAULT_BUSINESS_ID]));
});

it('does not wait for the session check: the stored token names the user whose remembered shop counts', async () => {
  const { userId, businessIds } = await signIn();
  const other = businessIds.find((id) => id !== DEFAULT_BUSINESS_ID)!;
  rememberBusiness(userId, other, localStorage);
  const store = createAppStore();
  // The bootstrap without App's first effect: /auth/me is never asked, the shop list is.
  startFirstPageData(store, firstPageDataFor('/dashboard/loyalty-cards', true));
  void store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
  await waitFor(() => expect(cardPages(store)).toEqual([expect.objectContaining({ args: expect.objectContaining({ businessId: other }) })]));
  expect(store.getState().session.checked).toBe(false);
});

it('a token that names no user waits for the session check before asking', async () => {
  await signIn();
  const token = localStorage.getItem('token')!;
  const [header, , signature] = token.split('.');
  // The same session behind a token the browser cannot read a user from: the card list waits for /auth/me.
  const unreadable = () => ({ getItem: () => `${header}.non-json.${signature}` }) as unknown as Storage;
  const store = createAppStore();
  startFirstPageData(store, firstPageDataFor('/dashboard/loyalty-cards', true), unreadable);
  await store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(cardPages(store)).toEqual([]);
  void store.dispatch(checkSession());
  await waitFor(() => expect(cardPages(store).map((p) => p.args.businessId)).toEqual([DEFAULT_BUSINESS_ID]));
});

it('asks for nothing on another page, or when the stored session is no longer valid', async () => {
  await signIn();
  const overview = createAppStore();
  openFirstPage(overview, '/dashboard');
  await settled(overview);
  expect(cardPages(overview)).toEqual([]);

  localStorage.setItem('token', 'scaduto');
  const expired = createAppStore();
  openFirstPage(expired, '/dashboard/loyalty-cards');
  await settled(expired);
  expect(expired.getState().session.user).toBeNull();
  expect(cardPages(expired)).toEqual([]);
});
