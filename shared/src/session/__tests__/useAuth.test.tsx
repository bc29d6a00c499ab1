import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { api } from '../../api/apiSlice';
import { setOnUnauthorized } from '../../api/unauthorized';
import { TOKEN_STORAGE_KEY } from '../../constants';
import { MESSAGES } from '../../messages';
import { createAppStore, type AppStore } from '../../store/createAppStore';
import { ADMIN_USER as admin } from '../../testing/fixtures';
import { startTestApiServer, type TestApiServer } from '../../testing/testApiServer';
import { useAuth } from '../useAuth';

let server: TestApiServer;
let store: AppStore;

function renderUseAuth() {
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useAuth(), { wrapper });
}

beforeEach(async () => {
  localStorage.clear();
  store = createAppStore({ session: { user: null, loading: false, checked: true } });
  server = await startTestApiServer({
    'POST /auth/login': { body: { token: 'new-token', user: admin } },
  });
});

afterEach(async () => {
  setOnUnauthorized(null);
  await server.close();
});

describe('login', () => {
  it('resolves true, stores the token and the user on success', async () => {
    const { result } = renderUseAuth();

    let outcome: boolean | undefined;
    await act(async () => {
      outcome = await result.current.login('admin@negozio.it', 'segreta123');
    });

    expect(outcome).toBe(true);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'admin@negozio.it', password: 'segreta123' },
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(result.current.user).toEqual(admin);
    expect(result.current.loading).toBe(false);
  });

  it('is loading while the call runs', async () => {
    let answer!: () => void;
    server.use({
      'POST /auth/login': {
        body: { token: 'new-token', user: admin },
        holdUntil: new Promise<void>((resolve) => (answer = resolve)),
      },
    });
    const { result } = renderUseAuth();

    let pending!: Promise<boolean>;
    act(() => {
      pending = result.current.login('admin@negozio.it', 'segreta123');
    });
    await waitFor(() => expect(result.current.loading).toBe(true));

    // The start-up check is long over: guards keep the login form on screen during the call.
    expect(result.current.checked).toBe(true);

    answer();
    await act(() => pending);
    expect(result.current.loading).toBe(false);
  });

  it('resolves false on 401, without storing anything or ending the (absent) session', async () => {
    server.use({ 'POST /auth/login': { status: 401, body: { error: 'Credenziali non valide' } } });
    const onUnauthorized = jest.fn();
    setOnUnauthorized(onUnauthorized);
    const { result } = renderUseAuth();

    let outcome: boolean | undefined;
    await act(async () => {
      outcome = await result.current.login('admin@negozio.it', 'sbagliata');
    });

    expect(outcome).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(result.current.user).toBeNull();
    expect(result.current.loading).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('resolves false on another 4xx that carries an error message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'POST /auth/login': { status: 400, body: { error: 'Email non valida' } } });
    const { result } = renderUseAuth();

    await act(async () => {
      await expect(result.current.login('non-una-email', 'x')).resolves.toBe(false);
    });
  });

  it('throws a connection error on a 5xx, so the form does not count an attempt', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'POST /auth/login': { status: 503, body: { error: 'Servizio non disponibile' } } });
    const { result } = renderUseAuth();

    await act(async () => {
      await expect(result.current.login('admin@negozio.it', 'segreta123')).rejects.toThrow(
        MESSAGES.loginConnectionError,
      );
    });
    expect(result.current.loading).toBe(false);
  });

  it('throws a connection error when the server cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await server.close();
    const { result } = renderUseAuth();

    await act(async () => {
      await expect(result.current.login('admin@negozio.it', 'segreta123')).rejects.toThrow(
        MESSAGES.loginConnectionError,
      );
    });
    expect(result.current.loading).toBe(false);
    server = await startTestApiServer();
  });
});

describe('attemptLogin', () => {
  it('tells a signed-in user, rejected credentials and the server lock apart', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderUseAuth();
    await act(async () => {
      await expect(result.current.attemptLogin('admin@negozio.it', 'segreta123')).resolves.toBe('signed-in');
    });

    server.use({ 'POST /auth/login': { status: 401, body: { error: 'Credenziali non valide' } } });
    await act(async () => {
      await expect(result.current.attemptLogin('admin@negozio.it', 'sbagliata')).resolves.toBe('rejected');
    });

    server.use({ 'POST /auth/login': { status: 429, body: { error: 'Troppi tentativi. Riprova tra 5 minuti.' } } });
    await act(async () => {
      await expect(result.current.attemptLogin('admin@negozio.it', 'segreta123')).resolves.toBe('locked');
    });
    expect(result.current.loading).toBe(false);
  });

  it('keeps login() a yes or no for the lock, as remotes built before attemptLogin expect', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'POST /auth/login': { status: 429, body: { error: 'Troppi tentativi. Riprova tra 5 minuti.' } } });
    const { result } = renderUseAuth();
    await act(async () => {
      await expect(result.current.login('admin@negozio.it', 'segreta123')).resolves.toBe(false);
    });
  });

  it('throws the connection error when the server could not answer', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'POST /auth/login': { status: 502, body: { error: 'Bad gateway' } } });
    const { result } = renderUseAuth();
    await act(async () => {
      await expect(result.current.attemptLogin('admin@negozio.it', 'segreta123')).rejects.toThrow(MESSAGES.loginConnectionError);
    });
  });
});

describe('logout', () => {
  it('clears token, user and cached API data without calling the server', async () => {
    server.use({ 'GET /business': { body: [{ id: 'b1', name: 'Bar Centrale' }] } });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    store = createAppStore({ session: { user: admin, loading: false, checked: true } });
    await store.dispatch(api.endpoints.getBusinesses.initiate());
    const requestsBefore = server.requests.length;
    const { result } = renderUseAuth();

    act(() => result.current.logout());

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(result.current.user).toBeNull();
    expect(result.current.loading).toBe(false);
    expect(api.endpoints.getBusinesses.select()(store.getState()).data).toBeUndefined();
    expect(server.requests).toHaveLength(requestsBefore);
  });
});
