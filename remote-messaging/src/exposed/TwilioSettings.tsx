export { remoteMeta } from '../remoteMeta';
export { TwilioSettingsScreen as default } from '../features/twilio-settings/TwilioSettingsScreen';
