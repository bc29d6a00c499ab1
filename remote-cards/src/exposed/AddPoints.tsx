export { remoteMeta } from '../shared/remoteMeta';
export { AddPointsScreen as default } from '../features/cards/components/AddPointsScreen';
