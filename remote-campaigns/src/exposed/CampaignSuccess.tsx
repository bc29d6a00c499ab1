export { remoteMeta } from '../remoteMeta';
export { CampaignSuccessScreen as default } from '../features/campaign-success/CampaignSuccessScreen';
