/** Helpers for the messaging remote's tests, which run against the real API (tools/jest/real-api.js) and its demo seed. */
import type { ReactElement } from 'react';
import type { RootState } from '@loyalty/shared';
import { renderSignedIn as renderSignedInAt, type Account } from '@loyalty/shared/testing';

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

/** A screen at `path` signed in as `account`, as the shell renders it, with a /dashboard route to land on. */
export function renderSignedIn(element: ReactElement, path: string, account: Account, preloadedState: Partial<RootState> = {}) {
  return renderSignedInAt(element, path, account, { preloadedState });
}
