/**
 * The product's routes as React Router route objects, derived from the route table (routeTable.ts): one
 * object per table entry, its element the remote module wrapped in the guards its access asks for. Why
 * `useRoutes` with React's `lazy` (RemoteRoute.tsx) rather than a data router's route `lazy`:
 * docs/decisions/030-react-startup-tools.md.
 */
import type { ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from '@loyalty/shared';
import { RemoteRoute } from '../features/federation/components/RemoteRoute';
import { DashboardLayout } from '../features/layout/components/DashboardLayout';
import { HtmlPageRoute } from './HtmlPageRoute';
import { HomeRedirect, PublicOnly, RequireAdmin, RequireAuth, RequireCardParams, StaffOnly } from './guards';
import { HOME_PATH, isDashboardAccess, ROUTES, type RouteAccess, type RouteEntry } from '../shared/routeTable';

/** The one place access becomes guards: what each kind of access wraps around its page. */
const GUARDS: Record<RouteAccess, (page: ReactNode, route: RouteEntry) => ReactNode> = {
  'signed-out': (page) => <PublicOnly>{page}</PublicOnly>,
  public: (page) => page,
  // RequireAuth wraps the whole dashboard layout (below), once for every signed-in page; staff see only theirs.
  'signed-in': (page, route) => <StaffOnly route={route}>{page}</StaffOnly>,
  admin: (page, route) => <RequireAdmin route={route}>{page}</RequireAdmin>,
};

function pageOf(route: RouteEntry): ReactNode {
  const page = route.servedAsHtml ? <HtmlPageRoute route={route} /> : <RemoteRoute remote={route.remote} module={route.module} />;
  return GUARDS[route.access](route.needsCardParams ? <RequireCardParams>{page}</RequireCardParams> : page, route);
}

const routeObject = (route: RouteEntry): RouteObject => ({ path: route.path, element: pageOf(route) });

/** Built once: the table does not change while the app runs. */
export const APP_ROUTES: RouteObject[] = [
  ...ROUTES.filter((r) => !isDashboardAccess(r.access)).map(routeObject),
  {
    element: (
      <RequireAuth>
        <DashboardLayout />
      </RequireAuth>
    ),
    children: [
      ...ROUTES.filter((r) => isDashboardAccess(r.access)).map(routeObject),
      { path: '/dashboard/*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
  { path: '*', element: <HomeRedirect /> },
];

export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
