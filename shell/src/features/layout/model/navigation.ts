import { hasPermission, isStaff, type User } from '@loyalty/shared';
import { ROUTES, type RouteEntry } from '../../../shared/routeTable';

export interface NavItem {
  label: string;
  to: string;
}

const NAV_ROUTES = ROUTES.filter((r): r is RouteEntry & { nav: NonNullable<RouteEntry['nav']> } => Boolean(r.nav));

/** The sidebar entries of the route table, in its order, that this user may open (staff: only the counter's pages). */
export function visibleNavItems(user: User | null, isAdminUser: boolean): NavItem[] {
  return NAV_ROUTES.filter((route) => {
    if (isStaff(user)) return route.staff === true;
    if (route.access === 'admin') return isAdminUser;
    return route.nav.permission ? hasPermission(user, route.nav.permission) : Boolean(user);
  }).map((route) => ({ label: route.nav.label, to: route.path }));
}
