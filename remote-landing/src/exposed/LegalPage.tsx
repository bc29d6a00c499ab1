export { remoteMeta } from '../remoteMeta';
export { LegalPage as default } from '../features/legal/LegalPage';
