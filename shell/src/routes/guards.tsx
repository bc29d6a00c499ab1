/** Route guards: session spinner, login required, admin-only screens, public-only pages. */
import { useDeferredValue, type ReactNode } from 'react';
import styled from 'styled-components';
import { isAdmin, isStaff, loginPathFor, Navigate, Spinner, useAuth, useLocation, useSearchParams } from '@loyalty/shared';
import { HOME_PATH, LOGIN_PATH, STAFF_HOME_PATH, type RouteEntry } from '../shared/routeTable';
import { hasStoredToken } from '../shared/storedSession';
import { DashboardLayout } from '../features/layout/components/DashboardLayout';
import { ScreenPlaceholder } from '../features/layout/components/ScreenPlaceholder';

function SessionSpinner() {
  return <Spinner label="Verifica della sessione…" size="large" />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  const location = useLocation();
  // The screen replaces the placeholder in a transition's slices: the session check's answer comes through the
  // store, whose updates React renders at once, in one task — on a phone the whole screen at 4× CPU was a task of
  // 0.4–0.9 s (BENCHMARKS.md, sixteenth pass). Deferred, that update draws only this placeholder again; so does a
  // first render that meets the answer already in (false at mount: the check answering during the first render
  // makes React draw it again at once, decision 105).
  const screenShown = useDeferredValue(checked && user !== null, false);
  // A stored session being checked: the frame the shell's HTML painted, with the screen's heading, not a spinner in
  // its place (most stored sessions are valid; one that is not goes to /login as below).
  const placeholder = (
    <DashboardLayout>
      <ScreenPlaceholder pathname={location.pathname} />
    </DashboardLayout>
  );
  if (!checked && hasStoredToken(() => window.localStorage)) return placeholder;
  if (!checked) return <SessionSpinner />;
  // Back where they were going (decision 071): the path and its query ride along as /login?next=, which the
  // prerendered login page reads too.
  if (!user) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`, LOGIN_PATH)} replace />;
  if (!screenShown) return placeholder;
  return <>{children}</>;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  if (!checked) return <SessionSpinner />;
  if (user) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

/** What staff see on a dashboard page that is not theirs (a direct URL: the sidebar does not show it). */
export function NoPermission() {
  return (
    <section aria-labelledby="no-permission-title">
      <Title id="no-permission-title">Accesso non consentito</Title>
      <p role="alert">Non hai i permessi per aprire questa pagina: il tuo ruolo è «Operatore di cassa». Chiedi al titolare del negozio se ti serve.</p>
    </section>
  );
}

/**
 * Admin-only screens (decision 070: and the counter's pages staff may open). Staff on the dashboard's home go
 * to the cards; on any other page not theirs they read «Non hai i permessi…»; other non-admins go home.
 */
export function RequireAdmin({ children, route }: { children: ReactNode; route: RouteEntry }) {
  const { user } = useAuth();
  if (isStaff(user)) return <StaffOnly route={route}>{children}</StaffOnly>;
  if (!isAdmin(user)) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

/** Any signed-in user's pages: staff only those marked for them (decision 070). */
export function StaffOnly({ children, route }: { children: ReactNode; route: RouteEntry }) {
  const { user } = useAuth();
  if (!isStaff(user) || route.staff) return <>{children}</>;
  if (route.path === HOME_PATH) return <Navigate to={STAFF_HOME_PATH} replace />;
  return <NoPermission />;
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
