import type { DriverName } from '../../config/messaging';

export const CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channels given, each once, in CHANNELS order: how a card stores its marketing consent (migration 012). */
export function canonicalChannels(channels: Iterable<Channel>): Channel[] {
  const given = new Set(channels);
  return CHANNELS.filter((channel) => given.has(channel));
}

/** One message as a driver sees it. */
export interface OutgoingMessage {
  businessId: string;
  channel: Channel;
  /** E.164 phone (whatsapp, sms) or e-mail address. */
  recipient: string;
  body: string;
  /** E-mail: what the worker composed for it (email.ts); absent for SMS and WhatsApp. */
  email?: EmailEnvelope;
}

/** An e-mail's parts besides the recipient (decision 074). */
export interface EmailEnvelope {
  subject: string;
  /** The sender's display name: the configured one, else the shop's name (nodemailer encodes it, RFC 5322/2047). */
  fromName: string;
  /** The shop's own e-mail, when known. */
  replyTo: string | null;
  text: string;
  html: string;
  /** A marketing e-mail's one-click unsubscribe URL (List-Unsubscribe, RFC 8058); absent for a service message. */
  unsubscribeUrl: string | null;
}

export interface SendResult {
  /** The provider's id for the message (Twilio SID, SMTP message id); null for the outbox. */
  providerMessageId: string | null;
  /** As recorded in outbox_messages. */
  status: 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';
}

/** A way to send messages. Drivers never touch the database: the caller records the result. */
export interface MessageDriver {
  /** Recorded with each message ('outbox', 'twilio', 'smtp', or a test double's name). */
  readonly name: string;
  /**
   * Whose account sends (decision 086): 'shop' (its own credentials), 'platform' (the platform's account); absent
   * when nothing leaves the machine (the outbox, a test double). Recorded with each message: usage is counted from it.
   */
  readonly account?: SendingAccount;
  send(message: OutgoingMessage): Promise<SendResult>;
  /** Checks the provider with a real call that sends nothing (credentials, server); absent for the outbox. */
  verify?(): Promise<void>;
}

export type SendingAccount = 'shop' | 'platform';

/** A send that failed with an Italian reason; `permanent` ones are not retried (bad settings, bad number). */
export class MessagingError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MessagingError';
  }
}

export type { DriverName };
