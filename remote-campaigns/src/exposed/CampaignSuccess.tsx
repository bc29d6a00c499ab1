export { remoteMeta } from '../shared/remoteMeta';
export { CampaignSuccessScreen as default } from '../features/campaigns/components/CampaignSuccessScreen';
