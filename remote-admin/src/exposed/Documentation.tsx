export { remoteMeta } from '../remoteMeta';
export { DocumentationScreen as default } from '../features/documentation/DocumentationScreen';
