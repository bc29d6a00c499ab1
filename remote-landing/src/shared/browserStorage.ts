/**
 * Local-storage keys this remote writes, in one place because the legal pages describe them
 * (docs/decisions/006-landing-choices.md). `token` belongs to shared.
 */
/** Cookie preferences. */
export const COOKIE_PREFS_STORAGE_KEY = 'cookiePrefs';
/** End time (ms since the epoch) of the login form's lock, so it survives a reload. */
export const LOGIN_LOCK_STORAGE_KEY = 'loginLockedUntil';
