import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from '@loyalty/shared';
import { RemoteRoute } from '../federation/RemoteRoute';
import { DashboardLayout } from '../layout/DashboardLayout';
import { HtmlPageRoute } from './HtmlPageRoute';
import { HomeRedirect, PublicOnly, RequireAdmin, RequireAuth, RequireCardParams } from './guards';
import { isDashboardAccess, ROUTES, type RouteEntry } from './routeTable';

/** A page of the route table with the guards its entry asks for (RequireAuth is the dashboard layout's). */
function guarded(route: RouteEntry): ReactNode {
  let element: ReactNode = route.servedAsHtml ? <HtmlPageRoute route={route} /> : <RemoteRoute remote={route.remote} module={route.module} />;
  if (route.needsCardParams) element = <RequireCardParams>{element}</RequireCardParams>;
  if (route.access === 'admin') element = <RequireAdmin>{element}</RequireAdmin>;
  if (route.access === 'signed-out') element = <PublicOnly>{element}</PublicOnly>;
  return element;
}

const outsideLayout = ROUTES.filter((r) => !isDashboardAccess(r.access));
const insideLayout = ROUTES.filter((r) => isDashboardAccess(r.access));

/** The routes of SPEC §2, from the route table (routeTable.ts). */
export function AppRoutes() {
  return (
    <Routes>
      {outsideLayout.map((route) => (
        <Route key={route.path} path={route.path} element={guarded(route)} />
      ))}
      <Route element={<RequireAuth><DashboardLayout /></RequireAuth>}>
        {insideLayout.map((route) => (
          <Route key={route.path} path={route.path} element={guarded(route)} />
        ))}
        <Route path="/dashboard/*" element={<Navigate to="/dashboard" replace />} />
      </Route>
      <Route path="*" element={<HomeRedirect />} />
    </Routes>
  );
}
