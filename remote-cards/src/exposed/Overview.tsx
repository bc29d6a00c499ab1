export { remoteMeta } from '../remoteMeta';
export { OverviewScreen as default } from '../features/overview/OverviewScreen';
