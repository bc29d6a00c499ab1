/**
 * Which exposed remote module renders a path, from the route table: the bootstrap (and the entry's early
 * remote, before the async boundary: type imports only) uses it to start loading the module of the page
 * being opened while the session is still being checked.
 */
import type { ExposedModule, RemoteName } from '@loyalty/shared';
import { isDashboardAccess, routeFor, type RouteEntry } from './routeTable';

export interface RouteModule<R extends RemoteName = RemoteName> {
  remote: R;
  module: ExposedModule<R>;
}

const moduleOf = (route: { remote: RemoteName; module: ExposedModule }): RouteModule => ({ remote: route.remote, module: route.module });

/**
 * The module the first page load will render, so the bootstrap can start it before React mounts: with a
 * stored session, the dashboard page (or a legal page); without one, the public page asked for. Null where
 * the page renders no remote module — among them every path that sends a visitor to /login, which the app
 * leaves by a full page load for the prerendered page (HtmlPageRoute.tsx).
 */
export function firstPageModuleFor(pathname: string, hasSession: boolean): RouteModule | null {
  const route = routeFor(pathname);
  if (hasSession) return route && route.access !== 'signed-out' ? moduleOf(route) : null;
  return route && !isDashboardAccess(route.access) ? moduleOf(route) : null;
}

/** The data the first page load shows first (the route's `firstData`), for a signed-in user only. */
export function firstPageDataFor(pathname: string, hasSession: boolean): RouteEntry['firstData'] | null {
  const route = routeFor(pathname);
  return hasSession && route && isDashboardAccess(route.access) ? (route.firstData ?? null) : null;
}

/** Whether a path is a page of the dashboard (behind the login). */
export function isDashboardPath(pathname: string): boolean {
  const route = routeFor(pathname);
  return Boolean(route && isDashboardAccess(route.access));
}
