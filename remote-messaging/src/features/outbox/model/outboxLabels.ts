import { formatPhone } from '@loyalty/shared';
import type { OutboxChannel, OutboxMessage } from '../api';

export const CHANNEL_LABELS: Record<OutboxChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' };

const STATUS_LABELS: Record<string, string> = {
  queued: 'In coda',
  sending: 'In invio',
  sent: 'Inviato',
  delivered: 'Consegnato',
  undelivered: 'Non consegnato',
  failed: 'Non riuscito',
};

/**
 * 'Registrato (modalità prova)' for what the outbox kept instead of sending; 'Nella casella di prova locale' for a
 * link written to the try-out mailbox of a product running on one machine (api/README's `LOCAL_MAILBOX`: it read
 * «Inviato» under a page saying nothing was delivered); the provider's reason after a failure.
 */
export function statusLabel(message: Pick<OutboxMessage, 'status' | 'driver' | 'error'>): string {
  if (message.driver === 'outbox' && message.status === 'sent') return 'Registrato (modalità prova)';
  if (message.driver === 'mailbox' && message.status === 'sent') return 'Nella casella di prova locale';
  const label = STATUS_LABELS[message.status] ?? message.status;
  return message.error ? `${label}: ${message.error}` : label;
}

/** Phones in Italian national format, e-mail addresses as they are. */
export const recipientLabel = (message: Pick<OutboxMessage, 'channel' | 'recipient'>) =>
  message.channel === 'email' ? message.recipient : formatPhone(message.recipient);
