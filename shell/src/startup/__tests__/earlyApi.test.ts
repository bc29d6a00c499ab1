/**
 * Decision 108: the entry asks for the first page's reads with the run-time config, and the app's own requests take
 * those answers instead of asking again. Against the real API (tools/jest/real-api.js, PGlite, demo seed).
 */
import {
  api,
  checkSession,
  createAppStore,
  DEFAULT_BUSINESS_ID,
  EARLY_RESPONSES_KEY as SHARED_EARLY_RESPONSES_KEY,
  CARD_PAGE_SIZE,
  rememberBusiness,
  rememberedBusinessKey,
  setRuntimeConfig,
  walletStatusApi,
  type AppStore,
} from '@loyalty/shared';
import { waitFor } from '@testing-library/react';
import { startFirstPageData } from '../../shared/firstPageData';
import { firstPageDataFor, isDashboardPath } from '../../shared/routeModules';
import { EARLY_RESPONSES_KEY, startEarlyApi, type EarlyResponse } from '../earlyApi';

const API = process.env.TEST_API_URL!;
const CARDS = '/dashboard/loyalty-cards';

async function signIn(): Promise<{ userId: string; businessIds: string[]; token: string }> {
  const res = await fetch(`${API}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }) });
  expect(res.status).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { id: string } };
  localStorage.setItem('token', token);
  const list = await fetch(`${API}/api/business`, { headers: { authorization: `Bearer ${token}` } });
  return { userId: user.id, businessIds: ((await list.json()) as { id: string }[]).map((b) => b.id), token };
}

const configResponse = () => Promise.resolve(new Response(JSON.stringify({ apiBaseUrl: `${API}/api`, remotes: {} }), { status: 200 }));

/** The addresses each fetch asked for (the entry's and the app's apart). */
function recorder() {
  const urls: string[] = [];
  const fetcher: typeof fetch = (input, init) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return fetch(input, init);
  };
  return { urls, fetcher };
}

/** What the entry does on a page load, with the page's own table. */
async function startEntry(pathname: string, table: Map<string, EarlyResponse>) {
  const early = recorder();
  const session = localStorage.getItem('token') !== null;
  await startEarlyApi({
    config: configResponse(),
    page: { dashboard: session && isDashboardPath(pathname), firstData: firstPageDataFor(pathname, session) ?? null },
    storage: () => localStorage,
    base: 'http://localhost/',
    fetcher: early.fetcher,
    table,
  });
  return early.urls.map((url) => url.replace(`${API}/api/`, ''));
}

/** What the bootstrap and App then ask for, with every request the network sees recorded. */
function openApp(store: AppStore, pathname: string) {
  startFirstPageData(store, firstPageDataFor(pathname, true));
  void store.dispatch(checkSession());
  void store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
}

const cardPageOf = (store: AppStore, businessId: string) =>
  api.endpoints.getCardsPage.select({ businessId, q: '', status: 'all', offset: 0, limit: CARD_PAGE_SIZE })(store.getState());

let network: string[];
let table: Map<string, EarlyResponse>;
const realFetch = globalThis.fetch;

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ apiBaseUrl: `${API}/api` });
  table = new Map();
  (globalThis as Record<string, unknown>)[EARLY_RESPONSES_KEY] = table;
  network = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    network.push((typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).replace(`${API}/api/`, ''));
    return realFetch(input, init);
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  delete (globalThis as Record<string, unknown>)[EARLY_RESPONSES_KEY];
});

it('repeats shared\'s hand-over key and the remembered shop\'s key', () => {
  expect(EARLY_RESPONSES_KEY).toBe(SHARED_EARLY_RESPONSES_KEY);
  expect(rememberedBusinessKey('u1')).toBe('currentBusiness:u1');
});

it('on the cards screen, asks for the session, the shops, the wallet status and the first page; the app asks for none of them again', async () => {
  const { userId, businessIds } = await signIn();
  const other = businessIds.find((id) => id !== DEFAULT_BUSINESS_ID)!;
  rememberBusiness(userId, other, localStorage);
  const asked = await startEntry(CARDS, table);
  expect(asked).toEqual(['auth/me', 'business', 'wallet/status', `loyalty-cards/business/${other}?offset=0&limit=${CARD_PAGE_SIZE}`]);

  network = [];
  const store = createAppStore();
  openApp(store, CARDS);
  void store.dispatch(walletStatusApi.endpoints.getWalletStatus.initiate(undefined, { subscribe: false }));
  await waitFor(() => expect(cardPageOf(store, other).status).toBe('fulfilled'));
  await waitFor(() => expect(walletStatusApi.endpoints.getWalletStatus.select()(store.getState()).status).toBe('fulfilled'));
  expect(store.getState().session.user?.id).toBe(userId);
  expect(cardPageOf(store, other).data?.items.length).toBeGreaterThan(0);
  // Every answer came from the entry's requests: the network saw none of the app's.
  expect(network).toEqual([]);
  expect(table.size).toBe(0);
});

it('on another dashboard page asks only for the session and the shops; on a public page or without a session, nothing', async () => {
  await signIn();
  expect(await startEntry('/dashboard', table)).toEqual(['auth/me', 'business']);
  table.clear();
  expect(await startEntry('/login', table)).toEqual([]);
  expect(await startEntry('/', table)).toEqual([]);
  localStorage.clear();
  expect(await startEntry(CARDS, table)).toEqual([]);
  expect(table.size).toBe(0);
});

it('a shop not (or no longer) listed for the user falls back to the default shop, as the screen does', async () => {
  const { userId } = await signIn();
  rememberBusiness(userId, 'un-negozio-non-suo', localStorage);
  const asked = await startEntry(CARDS, table);
  expect(asked.at(-1)).toBe(`loyalty-cards/business/${DEFAULT_BUSINESS_ID}?offset=0&limit=${CARD_PAGE_SIZE}`);
});

it('a token signed in again, or an answer older than its time, is not used: the app asks the server', async () => {
  await signIn();
  await new Promise((resolve) => setTimeout(resolve, 1100)); // a token of another second: the JWT's iat differs
  await startEntry('/dashboard', table);
  // Another session in this browser meanwhile: the early /auth/me was sent with the old token.
  await signIn();
  network = [];
  const store = createAppStore();
  void store.dispatch(checkSession());
  await waitFor(() => expect(store.getState().session.checked).toBe(true));
  expect(network).toEqual(['auth/me']);

  await startEntry('/dashboard', table);
  network = [];
  for (const entry of table.values()) entry.at -= 60_000;
  const later = createAppStore();
  void later.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
  await waitFor(() => expect(api.endpoints.getBusinesses.select()(later.getState()).status).toBe('fulfilled'));
  expect(network).toEqual(['business']);
});

it('an answer the app did not take at its first read is never used by a later one (it may be older than the first)', async () => {
  await signIn();
  // The app reads the shop list before the entry's request is registered (a race a warm cache can make).
  const store = createAppStore();
  await store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
  await startEntry('/dashboard', table);
  network = [];
  await store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false, forceRefetch: true }));
  expect(network).toEqual(['business']);
  expect(table.has(`${API}/api/business`)).toBe(false);
});

it('a change the page sends sets every early answer aside: the reads after it go to the server', async () => {
  await signIn();
  await startEntry('/dashboard', table);
  network = [];
  const store = createAppStore();
  // A refused change (no name: 400, nothing created) is still a change sent: what was read before it may be stale.
  const refused = await store.dispatch(api.endpoints.createBusiness.initiate({ name: '' } as never));
  expect(refused).toHaveProperty('error.status', 400);
  await store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
  expect(network).toEqual(['business', 'business']);
  expect(table.size).toBe(0);
});

it('asks for the wallet status only with an admin\'s token (the API refuses it to staff)', async () => {
  // Tokens the entry reads without checking (the API refuses both): only the role claim decides what is asked.
  const tokenWith = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.firma`;
  localStorage.setItem('token', tokenWith({ sub: 'u-cassa', role: 'staff' }));
  expect(await startEntry(CARDS, table)).toEqual(['auth/me', 'business']);
  localStorage.setItem('token', tokenWith({ sub: 'u-titolare', role: 'admin' }));
  expect(await startEntry(CARDS, table)).toEqual(['auth/me', 'business', 'wallet/status']);
});
