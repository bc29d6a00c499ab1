export { remoteMeta } from '../remoteMeta';
export { SettingsScreen as default } from '../features/settings/SettingsScreen';
