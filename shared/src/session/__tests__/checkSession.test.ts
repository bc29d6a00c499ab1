import { TOKEN_STORAGE_KEY } from '../../constants';
import { createAppStore } from '../../store/createAppStore';
import { ADMIN_USER as admin } from '../../testing/fixtures';
import { startTestApiServer, type TestApiServer } from '../../testing/testApiServer';
import {
  checkSession,
  selectCurrentUser,
  selectSessionChecked,
  selectSessionLoading,
} from '../sessionSlice';

let server: TestApiServer;

beforeEach(async () => {
  localStorage.clear();
  server = await startTestApiServer({ 'GET /auth/me': { body: admin } });
});

afterEach(() => server.close());

it('starts out loading, before anything is known', () => {
  const store = createAppStore();

  expect(selectSessionLoading(store.getState())).toBe(true);
  expect(selectSessionChecked(store.getState())).toBe(false);
  expect(selectCurrentUser(store.getState())).toBeNull();
});

it('without a stored token ends logged out without calling the API', async () => {
  const store = createAppStore();

  await store.dispatch(checkSession());

  expect(server.requests).toHaveLength(0);
  expect(selectCurrentUser(store.getState())).toBeNull();
  expect(selectSessionLoading(store.getState())).toBe(false);
  expect(selectSessionChecked(store.getState())).toBe(true);
});

it('with a valid token stores the user returned by /auth/me', async () => {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  const store = createAppStore();

  await store.dispatch(checkSession());

  expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/auth/me' });
  expect(server.requests[0].headers.authorization).toBe('Bearer valid-token');
  expect(selectCurrentUser(store.getState())).toEqual(admin);
  expect(selectSessionLoading(store.getState())).toBe(false);
  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('valid-token');
});

it('with a rejected token removes it and ends logged out', async () => {
  server.use({ 'GET /auth/me': { status: 401, body: { error: 'Sessione scaduta' } } });
  localStorage.setItem(TOKEN_STORAGE_KEY, 'expired-token');
  const store = createAppStore();

  await store.dispatch(checkSession());

  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  expect(selectCurrentUser(store.getState())).toBeNull();
  expect(selectSessionLoading(store.getState())).toBe(false);
});

it('removes the token whenever the check fails, not only on 401', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use({ 'GET /auth/me': { status: 500, body: { error: 'Errore interno' } } });
  localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
  const store = createAppStore();

  await store.dispatch(checkSession());

  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  expect(selectCurrentUser(store.getState())).toBeNull();
  expect(selectSessionLoading(store.getState())).toBe(false);
});
