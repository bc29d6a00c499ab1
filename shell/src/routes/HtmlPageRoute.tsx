/**
 * A page the shell's server answers with the landing's prerendered HTML (`/login`, the customers' signup
 * `/loyalty-cards/create`; docs/decisions/028-prerendered-public-pages.md): when the app navigates there
 * (logout, a 401, a guard, a link) it loads that page in full, with its query string, instead of rendering
 * the React one. Only where this document itself was opened at the page's path — a server that does not
 * compose the page, e.g. `npm run dev` — is the landing remote's React page rendered, as before.
 */
import { useEffect } from 'react';
import { Spinner, useLocation } from '@loyalty/shared';
import { RemoteRoute } from '../features/federation/components/RemoteRoute';
import type { RouteEntry } from '../shared/routeTable';

/** How the route leaves the app; a test replaces `assign` (jsdom cannot navigate). */
export const pageLoad = { assign: (url: string) => window.location.assign(url) };

/** Where this document was opened, before any in-app navigation. */
const openedAt = typeof window === 'undefined' ? '' : window.location.pathname;

function FullPageLoad({ to }: { to: string }) {
  useEffect(() => pageLoad.assign(to), [to]);
  return <Spinner label="Apertura della pagina…" size="large" />;
}

export function HtmlPageRoute({ route }: { route: RouteEntry }) {
  const { search } = useLocation();
  if (openedAt === route.path) return <RemoteRoute remote={route.remote} module={route.module} />;
  return <FullPageLoad to={`${route.path}${search}`} />;
}
