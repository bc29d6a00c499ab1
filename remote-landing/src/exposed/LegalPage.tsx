export { remoteMeta } from '../shared/remoteMeta';
export { LegalPage as default } from '../features/legal/components/LegalPage';
