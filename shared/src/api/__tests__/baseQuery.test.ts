import { setImmediate as ioSetImmediate } from 'node:timers';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { setRuntimeConfig } from '../../config/runtimeConfig';
import { REQUEST_TIMEOUT_MS, TOKEN_STORAGE_KEY } from '../../constants';
import { selectCurrentUser } from '../../session/sessionSlice';
import { createAppStore, type AppStore } from '../../store/createAppStore';
import { ADMIN_USER as admin } from '../../testing/fixtures';
import { startTestApiServer, type TestApiServer } from '../../testing/testApiServer';
import { api } from '../apiSlice';
import { apiUrl, baseQuery } from '../baseQuery';
import { setOnUnauthorized } from '../unauthorized';

/** Resolves once `condition` holds (checked on each I/O turn). */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => ioSetImmediate(resolve));
}

function loggedInStore(): AppStore {
  return createAppStore({ session: { user: admin, loading: false, checked: true } });
}

/** Calls the base query as RTK Query would, to look at the request it built. */
function callBaseQuery(store: AppStore, args: Parameters<typeof baseQuery>[0], endpoint = 'getMe') {
  const controller = new AbortController();
  const queryApi: BaseQueryApi = {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint,
    type: 'query',
  };
  return baseQuery(args, queryApi, {});
}

let server: TestApiServer;

beforeEach(async () => {
  localStorage.clear();
  server = await startTestApiServer({
    'GET /auth/me': { body: admin },
    'GET /business': { body: [] },
  });
});

afterEach(async () => {
  setOnUnauthorized(null);
  await server.close();
});

describe('request building', () => {
  it('prefixes the configured API base and sends the stored token as a Bearer header', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');

    const result = await callBaseQuery(loggedInStore(), '/auth/me');

    expect(result.data).toEqual(admin);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].path).toBe('/auth/me');
    expect(server.requests[0].headers.authorization).toBe('Bearer token-123');
  });

  it('sends no Authorization header without a stored token', async () => {
    await callBaseQuery(loggedInStore(), '/auth/me');

    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it('asks the browser to send cookies', async () => {
    const result = await callBaseQuery(loggedInStore(), '/auth/me');

    expect(result.meta?.request.credentials).toBe('include');
  });

  it("uses '/api' on the page's own origin when no run-time configuration was loaded", async () => {
    setRuntimeConfig({});
    jest.spyOn(console, 'error').mockImplementation(() => {});

    const result = await callBaseQuery(loggedInStore(), '/business');

    expect(apiUrl('/business')).toBe('/api/business');
    expect(result.meta?.request.url).toBe(`${window.location.origin}/api/business`);
  });

  it('joins base and path with exactly one slash and leaves absolute URLs alone', () => {
    expect(apiUrl('business', 'https://api.example.it/api/')).toBe('https://api.example.it/api/business');
    expect(apiUrl('/business', '/api')).toBe('/api/business');
    expect(apiUrl('https://altro.example.it/x', '/api')).toBe('https://altro.example.it/x');
  });
});

describe('timeout', () => {
  afterEach(() => jest.useRealTimers());

  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with a TIMEOUT_ERROR`, async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    let release!: () => void;
    server.use({
      'GET /business': () => {
        requestArrived();
        return { body: [], holdUntil: new Promise<void>((resolve) => (release = resolve)) };
      },
    });
    // Only the page's timers are faked; I/O callbacks still run, so a premature abort would show.
    jest.useFakeTimers();
    const ioTurn = () => new Promise((resolve) => ioSetImmediate(resolve));

    let settled = false;
    const pending = Promise.resolve(callBaseQuery(loggedInStore(), '/business')).finally(
      () => (settled = true),
    );
    await arrived;
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
    await ioTurn();
    await ioTurn();
    expect(settled).toBe(false);

    jest.advanceTimersByTime(1);
    const result = await pending;
    release();

    expect(result.error?.status).toBe('TIMEOUT_ERROR');
  });
});

describe('401 responses', () => {
  beforeEach(() => {
    server.use({ 'GET /business': { status: 401, body: { error: 'Token non valido' } } });
  });

  it('remove the token, clear the session and call the unauthorized handler', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    const onUnauthorized = jest.fn();
    setOnUnauthorized(onUnauthorized);
    const store = loggedInStore();

    const result = await store.dispatch(api.endpoints.getBusinesses.initiate());

    expect(result.error).toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ask again with the new token when the token was replaced while the request was in flight', async () => {
    // A password change answers a new token and ends the old one at once.
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
    let release!: () => void;
    server.use({
      'GET /business': (request) =>
        request.headers.authorization === 'Bearer new-token'
          ? { body: [] }
          : { status: 401, body: { error: 'Non autenticato' }, holdUntil: new Promise<void>((resolve) => (release = resolve)) },
    });
    const onUnauthorized = jest.fn();
    setOnUnauthorized(onUnauthorized);
    const store = loggedInStore();

    const pending = store.dispatch(api.endpoints.getBusinesses.initiate());
    await waitFor(() => server.requests.length === 1);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'new-token');
    release();
    const result = await pending;

    expect(result.data).toEqual([]);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(selectCurrentUser(store.getState())).toEqual(admin);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('from the login call are a wrong password, not an expired session', async () => {
    server.use({ 'POST /auth/login': { status: 401, body: { error: 'Credenziali non valide' } } });
    const onUnauthorized = jest.fn();
    setOnUnauthorized(onUnauthorized);
    const store = createAppStore({ session: { user: null, loading: false, checked: true } });

    const result = await store.dispatch(
      api.endpoints.login.initiate({ email: 'a@b.it', password: 'sbagliata' }),
    );

    expect(result.error).toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('password change', () => {
  it('stores the new token the server answers, in place of the old one', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
    server.use({ 'PUT /auth/change-password': { body: { message: 'Password aggiornata con successo', token: 'new-token' } } });

    const result = await loggedInStore().dispatch(
      api.endpoints.changePassword.initiate({ currentPassword: 'Vecchia2026!', newPassword: 'Nuova2026!' }),
    );

    expect(result.data).toEqual({ message: 'Password aggiornata con successo', token: 'new-token' });
    expect(server.requests[0].headers.authorization).toBe('Bearer old-token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
  });

  it('keeps the token when the change is refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
    server.use({ 'PUT /auth/change-password': { status: 400, body: { error: 'La password attuale non è corretta' } } });

    const result = await loggedInStore().dispatch(
      api.endpoints.changePassword.initiate({ currentPassword: 'Sbagliata', newPassword: 'Nuova2026!' }),
    );

    expect(result.error).toMatchObject({ status: 400 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('old-token');
  });
});

describe('other failures', () => {
  it('log server errors and pass status and body to the caller', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'GET /business': { status: 500, body: { error: 'Errore interno' } } });

    const result = await loggedInStore().dispatch(api.endpoints.getBusinesses.initiate());

    expect(result.error).toEqual({ status: 500, data: { error: 'Errore interno' } });
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('500'),
      { error: 'Errore interno' },
    );
  });

  it('note a refusal the screen answers (4xx) as a warning, not as an error', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    // The spies may carry an earlier test's calls (no restoreMocks here).
    consoleError.mockClear();
    consoleWarn.mockClear();
    server.use({ 'GET /business': { status: 409, body: { error: 'Hai appena registrato 46 punti su questa carta' } } });

    const result = await loggedInStore().dispatch(api.endpoints.getBusinesses.initiate());

    expect(result.error).toEqual({ status: 409, data: { error: 'Hai appena registrato 46 punti su questa carta' } });
    expect(consoleWarn).toHaveBeenCalledWith('Richiesta rifiutata dal server (409) su GET /business', { error: 'Hai appena registrato 46 punti su questa carta' });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('log a request that got no response', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    await server.close();

    const result = await callBaseQuery(loggedInStore(), '/business');

    expect(result.error?.status).toBe('FETCH_ERROR');
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('Nessuna risposta'),
      expect.any(String),
    );
    server = await startTestApiServer();
  });
});
