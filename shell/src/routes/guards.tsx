/** Route guards: session spinner, login required, admin-only screens, public-only pages. */
import type { ReactNode } from 'react';
import { isAdmin, loginPathFor, Navigate, Spinner, useAuth, useLocation, useSearchParams } from '@loyalty/shared';
import { HOME_PATH, LOGIN_PATH } from '../shared/routeTable';

function SessionSpinner() {
  return <Spinner label="Verifica della sessione…" size="large" />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  const location = useLocation();
  if (!checked) return <SessionSpinner />;
  // Back where they were going (decision 071): the path and its query ride along as /login?next=, which the
  // prerendered login page reads too.
  if (!user) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`, LOGIN_PATH)} replace />;
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
