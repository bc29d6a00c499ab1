export { remoteMeta } from '../shared/remoteMeta';
export { CampaignsScreen as default } from '../features/campaigns/components/CampaignsScreen';
