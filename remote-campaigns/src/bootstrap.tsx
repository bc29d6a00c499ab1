import { mountStandalone } from '@loyalty/shared';
import { CampaignsScreen } from './features/campaigns/components/CampaignsScreen';
import { CampaignSuccessScreen } from './features/campaigns/components/CampaignSuccessScreen';

void mountStandalone([
  { path: '/dashboard/campaigns', element: <CampaignsScreen />, requiresAuth: true },
  { path: '/campaign-success', element: <CampaignSuccessScreen />, requiresAuth: true },
]);
