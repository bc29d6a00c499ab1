import { mountStandalone } from '@loyalty/shared';
import { EasySmsScreen } from './features/easy-sms/components/EasySmsScreen';
import { OutboxScreen } from './features/outbox/components/OutboxScreen';
import { TwilioSettingsScreen } from './features/twilio-settings/components/TwilioSettingsScreen';

void mountStandalone([
  { path: '/dashboard/easy-sms', element: <EasySmsScreen />, requiresAuth: true },
  { path: '/dashboard/twilio-settings', element: <TwilioSettingsScreen />, requiresAuth: true },
  { path: '/dashboard/outbox', element: <OutboxScreen />, requiresAuth: true },
]);
