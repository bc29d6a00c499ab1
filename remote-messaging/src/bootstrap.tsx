import { mountStandalone } from '@loyalty/shared';
import { EasySmsScreen } from './features/easy-sms/EasySmsScreen';
import { OutboxScreen } from './features/outbox/OutboxScreen';
import { TwilioSettingsScreen } from './features/twilio-settings/TwilioSettingsScreen';

void mountStandalone([
  { path: '/dashboard/easy-sms', element: <EasySmsScreen />, requiresAuth: true },
  { path: '/dashboard/twilio-settings', element: <TwilioSettingsScreen />, requiresAuth: true },
  { path: '/dashboard/outbox', element: <OutboxScreen />, requiresAuth: true },
]);
