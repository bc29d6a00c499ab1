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
