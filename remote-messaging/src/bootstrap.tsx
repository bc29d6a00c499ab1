import { mountStandalone } from '@loyalty/shared';
import { EasySmsScreen } from './features/easy-sms/EasySmsScreen';
import { TwilioSettingsScreen } from './features/twilio-settings/TwilioSettingsScreen';

void mountStandalone([
  { path: '/dashboard/easy-sms', element: <EasySmsScreen />, requiresAuth: true },
  { path: '/dashboard/twilio-settings', element: <TwilioSettingsScreen />, requiresAuth: true },
]);
