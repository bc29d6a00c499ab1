/**
 * The login form's lock (after three failed attempts) outlives a page reload: its end time is kept in local storage.
 * The API locks the address too; this is what the visitor sees meanwhile.
 */
import { LOGIN_LOCK_STORAGE_KEY } from '../../../shared/browserStorage';

/** The end of a lock still running at `now` (ms since the epoch), or null. */
export function readLockedUntil(now: number, storage: Storage = localStorage): number | null {
  const lockedUntil = Number(storage.getItem(LOGIN_LOCK_STORAGE_KEY));
  if (Number.isFinite(lockedUntil) && lockedUntil > now) return lockedUntil;
  storage.removeItem(LOGIN_LOCK_STORAGE_KEY);
  return null;
}

export function storeLockedUntil(lockedUntil: number, storage: Storage = localStorage): void {
  storage.setItem(LOGIN_LOCK_STORAGE_KEY, String(lockedUntil));
}

export function clearLock(storage: Storage = localStorage): void {
  storage.removeItem(LOGIN_LOCK_STORAGE_KEY);
}
