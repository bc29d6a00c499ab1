import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'cards',
  title: 'Appo – Carte fedeltà',
  exposes: {
    './Overview': './src/exposed/Overview.tsx',
    './LoyaltyCards': './src/exposed/LoyaltyCards.tsx',
    './AddPoints': './src/exposed/AddPoints.tsx',
    './Rewards': './src/exposed/Rewards.tsx',
  },
});
