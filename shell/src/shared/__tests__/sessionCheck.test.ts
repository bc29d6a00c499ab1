/** The start-up session check is asked for once per store, whoever asks first (the bootstrap or the App's effect). */
import { createAppStore, setRuntimeConfig } from '@loyalty/shared';
import { startSessionCheck } from '../sessionCheck';

const API = process.env.TEST_API_URL!;

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ apiBaseUrl: `${API}/api` });
});

async function loginAsDemoAdmin() {
  const res = await fetch(`${API}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }),
  });
  expect(res.status).toBe(200);
  localStorage.setItem('token', ((await res.json()) as { token: string }).token);
}

it('asks /auth/me once for a store however often it is started, and afresh for another store', async () => {
  await loginAsDemoAdmin();
  const calls: string[] = [];
  const realFetch = globalThis.fetch;
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/auth/me')) calls.push(url);
    return realFetch(input, init);
  });
  try {
    const store = createAppStore();
    startSessionCheck(store.dispatch);
    startSessionCheck(store.dispatch);
    await new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe(() => {
        if (store.getState().session.checked) {
          unsubscribe();
          resolve();
        }
      });
    });
    startSessionCheck(store.dispatch);
    expect(store.getState().session.user?.email).toBe('admin@demo.it');
    expect(calls).toHaveLength(1);

    const other = createAppStore();
    startSessionCheck(other.dispatch);
    await new Promise<void>((resolve) => other.subscribe(() => other.getState().session.checked && resolve()));
    expect(other.getState().session.user?.email).toBe('admin@demo.it');
    expect(calls).toHaveLength(2);
  } finally {
    spy.mockRestore();
  }
});
