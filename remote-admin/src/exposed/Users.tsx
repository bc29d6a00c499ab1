export { remoteMeta } from '../shared/remoteMeta';
export { UsersScreen as default } from '../features/users/components/UsersScreen';
