/**
 * Whether a session is stored, readable before the async boundary (the entry decides which page's remote
 * to start) as well as by the bootstrap: no `@loyalty/shared` values here.
 */

/** Same key as `TOKEN_STORAGE_KEY` of `@loyalty/shared` (a shell test checks they agree). */
export const STORED_TOKEN_KEY = 'token';

/** A token in storage: a session to resume. Blocked storage counts as none. */
export function hasStoredToken(storage: () => Storage): boolean {
  try {
    return Boolean(storage().getItem(STORED_TOKEN_KEY));
  } catch {
    return false;
  }
}

/**
 * The user the stored session token names (its JWT `sub`), read without checking it: only to pick that user's
 * remembered shop before `/auth/me` has answered (decision 101's later note). The API checks the token on every
 * request; a token that is not a readable JWT gives null, and the caller waits for the session as before.
 */
export function storedTokenSubject(storage: () => Storage): string | null {
  return storedTokenClaim(storage, 'sub');
}

/**
 * A string claim of the stored token (its `sub`, its `role`), read without checking it, for choices that only
 * decide what to ask for first (decision 108: the wallet status for a shop's admin); the API checks every request.
 */
export function storedTokenClaim(storage: () => Storage, claim: 'sub' | 'role'): string | null {
  try {
    const token = storage().getItem(STORED_TOKEN_KEY);
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value = (JSON.parse(json) as Record<string, unknown> | null)?.[claim];
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}
