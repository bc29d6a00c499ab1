/**
 * Where a login goes back to (decision 071): the URL a protected link asked for, carried to /login as `?next=`.
 * Only a path of this dashboard passes — `/dashboard`, or under `/dashboard/` — with its query; nothing that a
 * browser could read as another origin (`//evil`, `/\evil`, `https://…`, their percent-encoded or
 * control-character variants) and no `..` leaving the dashboard. Anything else is null: the caller opens
 * /dashboard instead.
 */
export const DASHBOARD_PATH = '/dashboard';

const BASE = 'https://dashboard.invalid';

export function safeRedirectPath(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2000) return null;
  if (!input.startsWith('/') || input.startsWith('//')) return null;
  // Backslashes (browsers read `/\` as `//`) and control characters or spaces, also percent-encoded.
  if (/[\\\s]/.test(input) || [...input].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  if (/%(?:5c|2f|0[0-9a-f]|1[0-9a-f]|7f|20|25)/i.test(input)) return null;
  let url: URL;
  try {
    url = new URL(input, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname !== DASHBOARD_PATH && !url.pathname.startsWith(`${DASHBOARD_PATH}/`)) return null;
  // The path as the browser resolves it (`/dashboard/../x` is `/x`, refused above); the fragment is dropped.
  return `${url.pathname}${url.search}`;
}

/** The login URL that brings the user back to `path` (a guard's redirect); plain /login for the dashboard itself. */
export function loginPathFor(path: string, loginPath = '/login'): string {
  const safe = safeRedirectPath(path);
  return safe && safe !== DASHBOARD_PATH ? `${loginPath}?next=${encodeURIComponent(safe)}` : loginPath;
}
