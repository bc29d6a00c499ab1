import { useCallback, useState } from 'react';
import { readCookiePreferences, saveCookiePreferences, type CookiePreferences } from '../model/cookiePreferences';

/** The banner shows while nothing is saved, and again when the visitor asks for it from the footer. */
export function useCookieConsent() {
  const [preferences, setPreferences] = useState(() => readCookiePreferences());
  const [reopened, setReopened] = useState(false);

  const save = useCallback((choice: CookiePreferences) => {
    saveCookiePreferences(choice);
    setPreferences(choice);
    setReopened(false);
  }, []);

  return {
    preferences,
    bannerOpen: preferences === null || reopened,
    /** The visitor asked for the banner (rather than it showing because nothing is saved yet). */
    reopened,
    openBanner: useCallback(() => setReopened(true), []),
    save,
  };
}
