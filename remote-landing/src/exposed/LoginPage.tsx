export { remoteMeta } from '../shared/remoteMeta';
export { LoginPage as default } from './pages/LoginPage';
