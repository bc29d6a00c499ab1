/** Route guards: session spinner, login required, admin-only screens, public-only pages. */
import type { ReactNode } from 'react';
import { isAdmin, Navigate, Spinner, useAuth, useLocation, useSearchParams } from '@loyalty/shared';
import { HOME_PATH, LOGIN_PATH } from '../shared/routeTable';

function SessionSpinner() {
  return <Spinner label="Verifica della sessione…" size="large" />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  const location = useLocation();
  if (!checked) return <SessionSpinner />;
  if (!user) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  if (!checked) return <SessionSpinner />;
  if (user) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!isAdmin(user)) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

/** /dashboard/add-points needs both card_id and user_id, else back to the overview. */
export function RequireCardParams({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (!params.get('card_id') || !params.get('user_id')) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

export function HomeRedirect() {
  const { user, checked } = useAuth();
  if (!checked) return <SessionSpinner />;
  return <Navigate to={user ? HOME_PATH : LOGIN_PATH} replace />;
}
