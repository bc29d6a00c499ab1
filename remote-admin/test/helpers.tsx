/** Helpers for the admin remote's tests, which run against the real API (tools/jest/real-api.js) and its demo seed. */
import { API, DEMO_SUPERADMIN, callApi, configureTestRuntime as configureApi, logIn, type Account } from '@loyalty/shared/testing';

export {
  API,
  DASHBOARD_BASE_URL,
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  SUPPORT,
  callApi,
  currentLocation,
  logIn,
  renderSignedIn,
  unreachableApiBaseUrl,
  type Account,
} from '@loyalty/shared/testing';

/** Where the signup posters and card QR codes point (a landing origin of its own). */
export const LANDING_BASE_URL = 'https://carte.example.it';

/** Runtime configuration pointing at the real test API, with the landing address set. */
export function configureTestRuntime(apiBaseUrl = `${API}/api`) {
  configureApi(apiBaseUrl, { landingBaseUrl: LANDING_BASE_URL });
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide on the shared database. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.it`;
}

/** A fresh admin (made by the super admin through the API), for tests that change what they own. */
export async function createAdmin(password = 'Password2026!'): Promise<Account & { id: string }> {
  const { token } = await logIn(DEMO_SUPERADMIN);
  const email = uniqueEmail('admin');
  const { status, body } = await callApi<{ id: string }>('/users', {
    method: 'POST',
    token,
    body: { email, full_name: 'Admin di Prova', role: 'admin', password },
  });
  if (status !== 201) throw new Error(`admin creation failed: HTTP ${status}`);
  return { email, password, id: body.id };
}
