export { remoteMeta } from '../remoteMeta';
export { LoginPage as default } from '../pages/LoginPage';
