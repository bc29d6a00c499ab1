import { formatPhone } from '@loyalty/shared';

/** How an invitation travels (decision 078: WhatsApp or SMS where the first chosen shop sends them). */
export type InviteChannel = 'email' | 'whatsapp' | 'sms';

/**
 * Where the invitation went, as the toast says it: the address for an e-mail, the number for WhatsApp or SMS
 * («Invito inviato via SMS al numero 333 123 4567»; it used to name the e-mail address whatever the channel).
 */
export function invitationSentText(message: string, channel: InviteChannel, email: string, phone: string): string {
  if (channel === 'email') return `${message} a ${email}`;
  return `${message} via ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} al numero ${formatPhone(phone)}`;
}
