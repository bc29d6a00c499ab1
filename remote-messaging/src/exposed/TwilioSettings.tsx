export { remoteMeta } from '../shared/remoteMeta';
export { TwilioSettingsScreen as default } from '../features/twilio-settings/components/TwilioSettingsScreen';
