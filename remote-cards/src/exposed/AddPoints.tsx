export { remoteMeta } from '../remoteMeta';
export { AddPointsScreen as default } from '../features/add-points/AddPointsScreen';
