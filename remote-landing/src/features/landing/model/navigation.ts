/** The landing page's in-page navigation. */
export const NAV_LINKS = [
  { href: '#features', label: 'Funzionalità' },
  { href: '#pricing', label: 'Prezzi' },
] as const;

export const LOGIN_ANCHOR = '#login';
