/** Helpers for the messaging remote's tests, which run against the real API (tools/jest/real-api.js) and its demo seed. */
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import type { RootState } from '@loyalty/shared';
import { LocationProbe, logIn, renderWithProviders, type Account } from '@loyalty/shared/testing';

export {
  API,
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  callApi,
  configureTestRuntime,
  createAdminWithBusiness,
  currentLocation,
  logIn,
  signUpCard,
  unique,
  unreachableApiBaseUrl,
  type Account,
} from '@loyalty/shared/testing';

/**
 * Renders a screen at `path` as the shell does, signed in as `account` (token stored, session set),
 * with a /dashboard route to land on.
 */
export async function renderSignedIn(element: ReactElement, path: string, account: Account, preloadedState: Partial<RootState> = {}) {
  const { token, user } = await logIn(account);
  localStorage.setItem('token', token);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/dashboard" element={<h1>Panoramica</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: path, preloadedState: { session: { user, loading: false, checked: true }, ...preloadedState } },
  );
  return { ...rendered, token, signedInUser: user };
}
