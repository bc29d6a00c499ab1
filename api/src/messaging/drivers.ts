/**
 * The drivers behind the provider interface:
 * - outbox: delivers nothing; the worker's record in outbox_messages is the message (demo, tests).
 * - twilio: the official SDK; SMS from the business number or Messaging Service, WhatsApp with the
 *   `whatsapp:` prefix on both ends.
 * - smtp: nodemailer, from the business's emailSender.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import twilio from 'twilio';
import { MESSAGING_MESSAGES } from './messages';
import { MessagingError, type MessageDriver, type OutgoingMessage, type SendResult } from './types';

export const outboxDriver: MessageDriver = {
  name: 'outbox',
  send: async () => ({ providerMessageId: null, status: 'sent' }),
};

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  phoneNumber: string | null;
  messagingServiceSid: string | null;
  /** Where Twilio reports each message's later status (delivered, undelivered…); needs PUBLIC_URL. */
  statusCallback?: string | null;
}

export const TWILIO_STATUSES: Record<string, SendResult['status']> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/** Twilio error codes that will not go away by retrying (bad number, unverified recipient, blocked…). */
const PERMANENT_TWILIO_CODES = new Set([20003, 20404, 21211, 21408, 21606, 21608, 21610, 21612, 21614, 63003, 63007]);

function twilioError(error: unknown): MessagingError {
  const e = error as { status?: number; code?: number; message?: string };
  const permanent = (e.code !== undefined && PERMANENT_TWILIO_CODES.has(e.code)) || (e.status !== undefined && e.status >= 400 && e.status < 500 && e.status !== 429);
  return new MessagingError(`Twilio: ${e.message ?? 'errore sconosciuto'}${e.code ? ` (codice ${e.code})` : ''}`, permanent);
}

/** `httpClient` replaces the SDK's HTTP layer (tests). */
export function createTwilioDriver(credentials: TwilioCredentials, options: { httpClient?: unknown } = {}): MessageDriver {
  const client = twilio(credentials.accountSid, credentials.authToken, {
    autoRetry: true,
    maxRetries: 2,
    // Under the 10 s shutdown grace of server.ts, so a stopping worker finishes its sends.
    timeout: 8_000,
    ...(options.httpClient ? { httpClient: options.httpClient as never } : {}),
  });
  return {
    name: 'twilio',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const whatsapp = message.channel === 'whatsapp';
      const address = (n: string) => (whatsapp ? `whatsapp:${n}` : n);
      const sender = credentials.messagingServiceSid
        ? { messagingServiceSid: credentials.messagingServiceSid }
        : { from: address(credentials.phoneNumber ?? '') };
      try {
        const callback = credentials.statusCallback ? { statusCallback: credentials.statusCallback } : {};
        const sent = await client.messages.create({ to: address(message.recipient), body: message.body, ...sender, ...callback });
        return { providerMessageId: sent.sid, status: TWILIO_STATUSES[sent.status] ?? 'queued' };
      } catch (error) {
        throw twilioError(error);
      }
    },
  };
}

/** `smtp` is SMTP_URL, or a ready nodemailer transport (tests: `{ jsonTransport: true }`). */
export function createSmtpDriver(smtp: string | Transporter, from: string): MessageDriver {
  const transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : smtp;
  return {
    name: 'smtp',
    async send(message: OutgoingMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail({ from, to: message.recipient, subject: message.subject ?? 'Messaggio', text: message.body });
        return { providerMessageId: info.messageId ?? null, status: 'sent' };
      } catch (error) {
        const e = error as { responseCode?: number; message?: string };
        // 5xx SMTP replies are permanent (unknown mailbox, rejected sender); connection problems are not.
        throw new MessagingError(`SMTP: ${e.message ?? 'errore sconosciuto'}`, e.responseCode !== undefined && e.responseCode >= 500);
      }
    },
  };
}

export const missingSettings = (what: keyof typeof MESSAGING_MESSAGES) => new MessagingError(MESSAGING_MESSAGES[what], true);
