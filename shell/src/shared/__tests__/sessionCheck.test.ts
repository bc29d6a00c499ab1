/** The start-up session check is asked for once per store, whoever asks first (the bootstrap or the App's effect). */
import { createAppStore } from '@loyalty/shared';
import { configureTestRuntime, DEMO_ADMIN, logIn } from '@loyalty/shared/testing';
import { startSessionCheck } from '../sessionCheck';

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

async function loginAsDemoAdmin() {
  localStorage.setItem('token', (await logIn(DEMO_ADMIN)).token);
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
