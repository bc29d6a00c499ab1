import { mountStandalone } from '@loyalty/shared';
import { CampaignsScreen } from './features/campaigns/CampaignsScreen';
import { CampaignSuccessScreen } from './features/campaign-success/CampaignSuccessScreen';

void mountStandalone([
  { path: '/dashboard/campaigns', element: <CampaignsScreen />, requiresAuth: true },
  { path: '/campaign-success', element: <CampaignSuccessScreen />, requiresAuth: true },
]);
