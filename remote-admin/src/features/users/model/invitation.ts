import { formatPhone } from '@loyalty/shared';

/** How an invitation travels (decision 078: WhatsApp or SMS where the first chosen shop sends them). */
export type InviteChannel = 'email' | 'whatsapp' | 'sms';

/** How the link travels, as the form offers it: WhatsApp or SMS only where the first chosen shop really sends them (the API says so). */
export const INVITE_CHANNEL_LABELS: Record<InviteChannel, string> = { email: 'Email', whatsapp: 'WhatsApp', sms: 'SMS' };

/**
 * Where the invitation went, as the toast says it: the address for an e-mail, the number for WhatsApp or SMS
 * («Invito inviato via SMS al numero 333 123 4567»; it used to name the e-mail address whatever the channel).
 */
export function invitationSentText(message: string, channel: InviteChannel, email: string, phone: string): string {
  if (channel === 'email') return `${message} a ${email}`;
  return `${message} via ${INVITE_CHANNEL_LABELS[channel]} al numero ${formatPhone(phone)}`;
}
