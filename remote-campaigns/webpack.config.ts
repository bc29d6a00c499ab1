import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'campaigns',
  title: 'Appo – Campagne',
  exposes: {
    './Campaigns': './src/exposed/Campaigns.tsx',
    './CampaignSuccess': './src/exposed/CampaignSuccess.tsx',
    './Automations': './src/exposed/Automations.tsx',
  },
});
