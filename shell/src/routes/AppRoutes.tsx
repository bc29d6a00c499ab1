import { Navigate, Route, Routes } from '@loyalty/shared';
import { RemoteRoute } from '../federation/RemoteRoute';
import { DashboardLayout } from '../layout/DashboardLayout';
import { ROUTE_MODULES } from './routeModules';
import { LoginRoute } from './LoginRoute';
import { HomeRedirect, PublicOnly, RequireAdmin, RequireAuth, RequireCardParams } from './guards';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<PublicOnly><LoginRoute /></PublicOnly>} />
      <Route
        path="/loyalty-cards/create"
        element={<PublicOnly><RemoteRoute {...ROUTE_MODULES['/loyalty-cards/create']} /></PublicOnly>}
      />
      <Route path="/privacy" element={<RemoteRoute {...ROUTE_MODULES['/privacy']} />} />
      <Route path="/cookie-policy" element={<RemoteRoute {...ROUTE_MODULES['/cookie-policy']} />} />
      <Route element={<RequireAuth><DashboardLayout /></RequireAuth>}>
        <Route path="/campaign-success" element={<RemoteRoute {...ROUTE_MODULES['/campaign-success']} />} />
        <Route path="/dashboard">
          <Route index element={<RemoteRoute {...ROUTE_MODULES['/dashboard']} />} />
          <Route path="loyalty-cards" element={<RemoteRoute {...ROUTE_MODULES['/dashboard/loyalty-cards']} />} />
          <Route
            path="add-points"
            element={
              <RequireAdmin>
                <RequireCardParams>
                  <RemoteRoute {...ROUTE_MODULES['/dashboard/add-points']} />
                </RequireCardParams>
              </RequireAdmin>
            }
          />
          <Route path="campaigns" element={<RemoteRoute {...ROUTE_MODULES['/dashboard/campaigns']} />} />
          <Route path="easy-sms" element={<RemoteRoute {...ROUTE_MODULES['/dashboard/easy-sms']} />} />
          <Route path="twilio-settings" element={<RemoteRoute {...ROUTE_MODULES['/dashboard/twilio-settings']} />} />
          <Route path="outbox" element={<RequireAdmin><RemoteRoute {...ROUTE_MODULES['/dashboard/outbox']} /></RequireAdmin>} />
          <Route path="users" element={<RequireAdmin><RemoteRoute {...ROUTE_MODULES['/dashboard/users']} /></RequireAdmin>} />
          <Route path="settings" element={<RemoteRoute {...ROUTE_MODULES['/dashboard/settings']} />} />
          <Route path="documentation" element={<RemoteRoute {...ROUTE_MODULES['/dashboard/documentation']} />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Route>
      <Route path="*" element={<HomeRedirect />} />
    </Routes>
  );
}
