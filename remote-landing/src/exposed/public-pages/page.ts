/**
 * What the public pages' scripts share (docs/decisions/063-public-pages-written-once.md): starting once per
 * markup, storage that may be refused, the run-time configuration and the values of it the HTML shows, and
 * the API call.
 */
import { REQUEST_TIMEOUT_MS } from '@loyalty/shared/page-script';

export interface PageConfig {
  apiBaseUrl: string;
  dashboardBaseUrl?: string;
  brandName?: string;
  support?: { email?: string; phone?: string };
}

/**
 * True the first time a page's script is started on this markup (the element `[data-public-page=name]`),
 * false after: where React renders the markup (`./LoginPage` and the others under `npm run dev`) it may mount
 * it twice, and the page must be bound once. No markup: false.
 */
export function claimPage(root: ParentNode, name: string): boolean {
  const marker = root.querySelector<HTMLElement>(`[data-public-page="${name}"]`);
  if (!marker || marker.dataset.bound === 'true') return false;
  marker.dataset.bound = 'true';
  return true;
}

/** Local storage, or null where the browser refuses it (privacy modes): then nothing is remembered. */
export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The run-time configuration (the API's address, brand and contacts), asked for once; '/api' without it. */
export function loadConfig(): Promise<PageConfig> {
  return fetch('/runtime-config.json', { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<PageConfig>) : null))
    .then((config) => (config && typeof config.apiBaseUrl === 'string' ? config : { apiBaseUrl: '/api' }))
    .catch(() => ({ apiBaseUrl: '/api' }));
}

/** Brand, year and support contacts as configured now (the HTML carries the build's). */
export function applyConfig(root: ParentNode, config: PageConfig) {
  for (const el of root.querySelectorAll<HTMLElement>('[data-runtime="brandName"]')) if (config.brandName) el.textContent = config.brandName;
  for (const el of root.querySelectorAll<HTMLElement>('[data-runtime="year"]')) el.textContent = String(new Date().getFullYear());
  const phone = config.support?.phone;
  for (const el of root.querySelectorAll<HTMLAnchorElement>('a[data-runtime="supportPhone"]')) if (phone) el.href = `tel:${phone.replace(/[^\d+]/g, '')}`;
  const email = config.support?.email;
  for (const el of root.querySelectorAll<HTMLAnchorElement>('a[data-runtime="planMailto"]')) {
    if (email) el.href = el.getAttribute('href')!.replace(/^mailto:[^?]*/, `mailto:${email}`);
  }
}

export function apiUrl(base: string, path: string) {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/**
 * A JSON POST to the API as every page script sends one (the shared request timeout), and its body read as
 * JSON — null when it is not JSON. Network failures and timeouts reject, for the caller's catch.
 */
export async function postJson(apiBaseUrl: string, path: string, payload: unknown, init: RequestInit = {}): Promise<{ response: Response; body: unknown }> {
  const response = await fetch(apiUrl(apiBaseUrl, path), {
    ...init,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => null);
  return { response, body };
}
