import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Notifications, checkSession, setOnUnauthorized, useAppDispatch } from '@loyalty/shared';
import { AppRoutes } from './routes/AppRoutes';

export function App() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    void dispatch(checkSession());
  }, [dispatch]);

  useEffect(() => {
    // SPEC §8: any 401 sends the user to /login (the session slice is already cleared by the base query).
    setOnUnauthorized(() => navigate('/login', { replace: true }));
  }, [navigate]);

  return (
    <>
      <AppRoutes />
      <Notifications />
    </>
  );
}
