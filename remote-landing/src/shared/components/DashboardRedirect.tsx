import { useEffect } from 'react';
import { Spinner, getRuntimeConfig } from '@loyalty/shared';

/**
 * Standalone only: the dashboard lives in the shell, on its own address, so /dashboard here leaves
 * for the configured dashboard (the shell has its own session: the user may be asked to log in there).
 */
export function DashboardRedirect() {
  useEffect(() => {
    window.location.replace(new URL('/dashboard', getRuntimeConfig().dashboardBaseUrl).href);
  }, []);
  return <Spinner label="Apertura della dashboard…" size="large" />;
}
