import { useEffect } from 'react';
import { checkSession, ConnectionBanner, Notifications, setOnUnauthorized, useAppDispatch, useNavigate } from '@loyalty/shared';
import { AppRoutes } from './AppRoutes';
import { LOGIN_PATH } from '../shared/routeTable';

export function App() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    void dispatch(checkSession());
  }, [dispatch]);

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
