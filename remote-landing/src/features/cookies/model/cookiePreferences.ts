/** Cookie preferences, kept in local storage under `cookiePrefs`. */
import { COOKIE_PREFS_STORAGE_KEY } from '../../../shared/browserStorage';

export interface CookiePreferences {
  /** Needed for the site to work (session, these preferences): always on. */
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

export const ALL_COOKIES: CookiePreferences = { essential: true, analytics: true, marketing: true };
export const ESSENTIAL_COOKIES_ONLY: CookiePreferences = { essential: true, analytics: false, marketing: false };

/** The saved choice, or null when the visitor has not chosen yet (or the stored value is unreadable). */
export function readCookiePreferences(storage: Storage = localStorage): CookiePreferences | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(COOKIE_PREFS_STORAGE_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const { analytics, marketing } = saved as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null;
    return { essential: true, analytics, marketing };
  } catch {
    return null;
  }
}

export function saveCookiePreferences(preferences: CookiePreferences, storage: Storage = localStorage): void {
  storage.setItem(COOKIE_PREFS_STORAGE_KEY, JSON.stringify(preferences));
}
