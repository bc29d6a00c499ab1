export { remoteMeta } from '../remoteMeta';
export { UsersScreen as default } from '../features/users/UsersScreen';
