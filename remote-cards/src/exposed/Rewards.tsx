export { remoteMeta } from '../shared/remoteMeta';
export { RewardsScreen as default } from '../features/rewards/components/RewardsScreen';
