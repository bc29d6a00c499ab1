/**
 * Decision 078: an open dashboard hears that its session ended elsewhere, against the real API: the super admin
 * disables the signed-in user and, within about a second, the page has no token and no user and goes to /login.
 */
import { waitFor } from '@testing-library/react';
import { SESSION_WATCH_DELAY_MS, setOnUnauthorized, TOKEN_STORAGE_KEY, useSessionEndWatch } from '@loyalty/shared';
import { DEMO_SUPERADMIN, callApi, configureTestRuntime, logIn, renderSignedIn, unique } from '@loyalty/shared/testing';

function Watched() {
  useSessionEndWatch();
  return <p>Pagina aperta</p>;
}

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

it('ends the page within about a second when the user is disabled elsewhere', async () => {
  const { token: superToken } = await logIn(DEMO_SUPERADMIN);
  const account = { email: `${unique('sessione')}@example.it`, password: 'Password2026!' };
  const created = await callApi<{ id: string }>('/users', { method: 'POST', token: superToken, body: { ...account, full_name: 'Sessione Aperta', role: 'admin' } });
  const sentTo: string[] = [];
  const remove = setOnUnauthorized(() => sentTo.push('/login'));
  const { store } = await renderSignedIn(<Watched />, '/dashboard', account);
  // The stream opens SESSION_WATCH_DELAY_MS after the user is known (decision 108), and once the server has
  // answered its headers: give it that and a moment.
  await new Promise((resolve) => setTimeout(resolve, SESSION_WATCH_DELAY_MS + 500));
  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();

  const started = Date.now();
  expect((await callApi(`/accounts/${created.body.id}/disable`, { method: 'POST', token: superToken })).status).toBe(200);
  await waitFor(() => expect(sentTo).toEqual(['/login']), { timeout: 1500 });
  expect(Date.now() - started).toBeLessThan(1500);
  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  expect(store.getState().session.user).toBeNull();
  remove();
});
