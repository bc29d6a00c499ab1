import { ALL_COOKIES, readCookiePreferences, saveCookiePreferences } from '../cookiePreferences';

beforeEach(() => localStorage.clear());

it('reads back what was saved under cookiePrefs', () => {
  saveCookiePreferences(ALL_COOKIES);
  expect(localStorage.getItem('cookiePrefs')).toBe('{"essential":true,"analytics":true,"marketing":true}');
  expect(readCookiePreferences()).toEqual(ALL_COOKIES);
});

it('treats a missing or malformed value as no choice, and never turns essential off', () => {
  expect(readCookiePreferences()).toBeNull();
  for (const stored of ['null', '42', '{"analytics":"sì","marketing":false}', 'non json']) {
    localStorage.setItem('cookiePrefs', stored);
    expect(readCookiePreferences()).toBeNull();
  }
  localStorage.setItem('cookiePrefs', '{"essential":false,"analytics":false,"marketing":true}');
  expect(readCookiePreferences()).toEqual({ essential: true, analytics: false, marketing: true });
});
