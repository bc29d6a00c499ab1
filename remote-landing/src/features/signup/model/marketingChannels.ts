/**
 * The marketing consent of the signup form (decision 025): the channels a customer may agree to receive
 * offers on, in the order the form shows them, and the fieldset's legend. The checks of the form are
 * shared's `signupForm` (run by the page's script), whose channel list is `SIGNUP_MARKETING_CHANNELS`.
 * "via Email", not "Email": the e-mail field already has that name.
 */
import type { SIGNUP_MARKETING_CHANNELS } from '@loyalty/shared/page-script';

export type MarketingChannel = (typeof SIGNUP_MARKETING_CHANNELS)[number];

export const MARKETING_CHANNELS: readonly { channel: MarketingChannel; label: string }[] = [
  { channel: 'whatsapp', label: 'via WhatsApp' },
  { channel: 'sms', label: 'via SMS' },
  { channel: 'email', label: 'via Email' },
];

export const MARKETING_LEGEND = 'Desidero ricevere offerte e novità (facoltativo):';
