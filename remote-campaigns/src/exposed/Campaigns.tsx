export { remoteMeta } from '../remoteMeta';
export { CampaignsScreen as default } from '../features/campaigns/CampaignsScreen';
