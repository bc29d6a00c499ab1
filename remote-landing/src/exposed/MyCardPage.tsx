export { remoteMeta } from '../shared/remoteMeta';
export { MyCardPage as default } from './pages/MyCardPage';
