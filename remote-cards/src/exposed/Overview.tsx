export { remoteMeta } from '../shared/remoteMeta';
export { OverviewScreen as default } from '../features/cards/components/OverviewScreen';
