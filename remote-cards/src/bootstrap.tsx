import { mountStandalone } from '@loyalty/shared';
import { OverviewScreen } from './features/cards/components/OverviewScreen';
import LoyaltyCards from './exposed/LoyaltyCards';
import { AddPointsScreen } from './features/cards/components/AddPointsScreen';
import { RewardsScreen } from './features/rewards/components/RewardsScreen';

void mountStandalone([
  { path: '/dashboard', element: <OverviewScreen />, requiresAuth: true },
  { path: '/dashboard/loyalty-cards', element: <LoyaltyCards />, requiresAuth: true },
  { path: '/dashboard/add-points', element: <AddPointsScreen />, requiresAuth: true },
  { path: '/dashboard/rewards', element: <RewardsScreen />, requiresAuth: true },
]);
