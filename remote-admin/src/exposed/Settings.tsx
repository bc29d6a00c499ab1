export { remoteMeta } from '../shared/remoteMeta';
export { SettingsScreen as default } from '../features/settings/components/SettingsScreen';
