export { remoteMeta } from '../shared/remoteMeta';
export { DocumentationScreen as default } from '../features/documentation/components/DocumentationScreen';
