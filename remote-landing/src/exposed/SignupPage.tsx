export { remoteMeta } from '../shared/remoteMeta';
export { SignupPage as default } from './pages/SignupPage';
