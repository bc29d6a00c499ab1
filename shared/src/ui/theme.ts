/**
 * Design tokens. Every text colour meets WCAG AA (4.5:1) on surface, background, surfaceMuted and
 * primarySoft, and on its own Badge tint. On surface: text 17.7:1, textMuted 7.6:1, primary 6.7:1
 * (white on primary likewise), danger 6.5:1, success 5.0:1, warning 5.0:1. On sidebar:
 * sidebarText 14.5:1.
 */
export const theme = {
  colors: {
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    onPrimary: '#ffffff',
    /** Tint behind selected/hovered items and info badges; text stays readable on it. */
    primarySoft: '#eff6ff',
    background: '#f8fafc',
    surface: '#ffffff',
    surfaceMuted: '#f1f5f9',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#cbd5e1',
    borderStrong: '#64748b',
    focus: '#2563eb',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSurface: '#fef2f2',
    success: '#15803d',
    successSurface: '#f0fdf4',
    warning: '#b45309',
    warningSurface: '#fffbeb',
    overlay: 'rgba(15, 23, 42, 0.55)',
    sidebar: '#0f172a',
    sidebarText: '#e2e8f0',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem' },
  fontWeights: { regular: 400, medium: 500, bold: 700 },
  space: { xxs: '0.125rem', xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
  radii: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(15, 23, 42, 0.08), 0 1px 3px rgba(15, 23, 42, 0.1)',
    overlay: '0 10px 30px rgba(15, 23, 42, 0.25)',
  },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  sizes: {
    /** The business switcher's list scrolls past this height. */
    dropdownMaxHeight: '15rem',
    sidebarWidth: '16rem',
    modalWidth: '32rem',
    /** A dialog holding a table of several columns (a card's ledger): `<Modal wide>`. */
    modalWideWidth: '56rem',
  },
  zIndices: { drawer: 100, modal: 200, toast: 300 },
} as const;

export type Theme = typeof theme;

/** Media queries for `min-width` breakpoints, e.g. `${media.md} { … }`. */
export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  xl: `@media (min-width: ${theme.breakpoints.xl})`,
} as const;

// Types `props.theme` in every styled component of every package that imports @loyalty/shared.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
