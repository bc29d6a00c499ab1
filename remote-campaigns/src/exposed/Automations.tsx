export { remoteMeta } from '../shared/remoteMeta';
export { AutomationsScreen as default } from '../features/automations/components/AutomationsScreen';
