export { remoteMeta } from '../remoteMeta';
export { SignupPage as default } from '../pages/SignupPage';
