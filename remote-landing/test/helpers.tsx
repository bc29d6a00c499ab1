/** Helpers for the remote's tests, which run against the real API (tools/jest/real-api.js). */
import type { User } from '@loyalty/shared';
import { DEMO_ADMIN } from '@loyalty/shared/testing';

export {
  API,
  DASHBOARD_BASE_URL,
  DEMO_ADMIN,
  LocationProbe,
  configureTestRuntime,
  currentLocation,
  unreachableApiBaseUrl,
} from '@loyalty/shared/testing';

/** Session state once the start-up check is over, as the shell provides it to the remote. */
export function sessionState(user: User | null = null) {
  return { session: { user, loading: false, checked: true } };
}

export const LOGGED_IN_ADMIN: User = {
  id: 'u1',
  email: DEMO_ADMIN.email,
  full_name: 'Marco Bianchi',
  role: 'admin',
  phone: null,
  created_at: '2026-01-01',
  business_id: null,
};

