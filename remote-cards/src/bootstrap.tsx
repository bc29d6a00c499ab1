import { mountStandalone } from '@loyalty/shared';
import { OverviewScreen } from './features/overview/OverviewScreen';
import { LoyaltyCardsScreen } from './features/loyalty-cards/LoyaltyCardsScreen';
import { AddPointsScreen } from './features/add-points/AddPointsScreen';

void mountStandalone([
  { path: '/dashboard', element: <OverviewScreen />, requiresAuth: true },
  { path: '/dashboard/loyalty-cards', element: <LoyaltyCardsScreen />, requiresAuth: true },
  { path: '/dashboard/add-points', element: <AddPointsScreen />, requiresAuth: true },
]);
