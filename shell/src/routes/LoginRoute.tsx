/**
 * `/login` inside the app. The page people see is the landing's prerendered HTML, which the shell's server
 * answers for `/login` (docs/decisions/028-prerendered-public-pages.md); when the app navigates there
 * (logout, a 401, a guard) it loads that page in full instead of rendering the React one. Only where this
 * document itself was opened at /login — a server that does not compose the page, e.g. `npm run dev` —
 * is the landing remote's React page rendered, as before.
 */
import { useEffect } from 'react';
import { Spinner } from '@loyalty/shared';
import { RemoteRoute } from '../federation/RemoteRoute';
import type { RouteEntry } from './routeTable';

/** How the route leaves the app; a test replaces `assign` (jsdom cannot navigate). */
export const pageLoad = { assign: (url: string) => window.location.assign(url) };

/** Where this document was opened, before any in-app navigation. */
const openedAt = typeof window === 'undefined' ? '' : window.location.pathname;

function FullPageLoad({ to }: { to: string }) {
  useEffect(() => pageLoad.assign(to), [to]);
  return <Spinner label="Apertura della pagina di accesso…" size="large" />;
}

export function LoginRoute({ route }: { route: RouteEntry }) {
  if (openedAt === route.path) return <RemoteRoute remote={route.remote} module={route.module} />;
  return <FullPageLoad to={route.path} />;
}
