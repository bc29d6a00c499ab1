import { useEffect } from 'react';
import { ConnectionBanner, Notifications, setOnUnauthorized, useAppDispatch, useNavigate } from '@loyalty/shared';
import { AppRoutes } from './AppRoutes';
import { LOGIN_PATH } from '../shared/routeTable';
import { startSessionCheck } from '../shared/sessionCheck';

export function App() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // Already under way when the bootstrap started it (shared/sessionCheck.ts).
  useEffect(() => startSessionCheck(dispatch), [dispatch]);

  useEffect(() => {
    // Any 401 sends the user to /login (the session slice is already cleared by the base query).
    setOnUnauthorized(() => navigate(LOGIN_PATH, { replace: true }));
  }, [navigate]);

  return (
    <>
      {/* Every screen, the login's too: the API cannot be reached (decision 083). */}
      <ConnectionBanner />
      <AppRoutes />
      <Notifications />
    </>
  );
}
