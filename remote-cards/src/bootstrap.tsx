import { lazy, Suspense, type ComponentType } from 'react';
import { mountStandalone, Spinner } from '@loyalty/shared';

/**
 * The remote alone, its pages imported as the shell imports them: one `import()` of each exposed module. Imported
 * statically here, every page's modules were in two chunk groups (this entry's and the container's expose), and
 * webpack split each page the shell loads into two scripts, one request more on the page: ~1 KB of headers on the
 * wire and one round trip (decision 113).
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
};

void mountStandalone([
  { path: '/dashboard', element: page(() => import('./exposed/Overview')), requiresAuth: true },
  { path: '/dashboard/loyalty-cards', element: page(() => import('./exposed/LoyaltyCards')), requiresAuth: true },
  { path: '/dashboard/add-points', element: page(() => import('./exposed/AddPoints')), requiresAuth: true },
  { path: '/dashboard/rewards', element: page(() => import('./exposed/Rewards')), requiresAuth: true },
]);
