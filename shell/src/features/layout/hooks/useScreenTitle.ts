import { useEffect } from 'react';
import { getRuntimeConfig, useLocation } from '@loyalty/shared';
import { routeFor } from '../../../shared/routeTable';

/** The browser tab's title for a dashboard path: the screen's heading and the brand («Premi – Appo»). */
export function screenTitle(pathname: string, brandName: string): string {
  const route = routeFor(pathname);
  const heading = route?.nav?.label ?? route?.placeholder?.heading ?? null;
  return heading ? `${heading} – ${brandName}` : brandName;
}

/**
 * Each dashboard screen names its tab (and what a screen reader announces of the page) after itself, as the public
 * pages do; without it every screen kept the landing's title. The title the page had comes back when the dashboard
 * goes (a logout lands on /login inside the same page).
 */
export function useScreenTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = screenTitle(pathname, getRuntimeConfig().brandName);
  }, [pathname]);
}
