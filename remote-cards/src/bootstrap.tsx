import { mountStandalone } from '@loyalty/shared';
import { OverviewScreen } from './features/cards/components/OverviewScreen';
import LoyaltyCards from './exposed/LoyaltyCards';
import { AddPointsScreen } from './features/cards/components/AddPointsScreen';

void mountStandalone([
  { path: '/dashboard', element: <OverviewScreen />, requiresAuth: true },
  { path: '/dashboard/loyalty-cards', element: <LoyaltyCards />, requiresAuth: true },
  { path: '/dashboard/add-points', element: <AddPointsScreen />, requiresAuth: true },
]);
