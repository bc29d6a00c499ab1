/**
 * The drivers behind the provider interface:
 * - outbox: delivers nothing; the worker's record in outbox_messages is the message (demo, tests).
 * - twilio: the official SDK; SMS from the business number or Messaging Service, WhatsApp with the
 *   `whatsapp:` prefix on both ends.
 * - smtp: nodemailer, from the business's emailSender.
 */
import type { Transporter } from 'nodemailer';
import type { Twilio } from 'twilio';
import { parseSender } from './email';
import { MESSAGING_MESSAGES, SMTP_ERRORS, TWILIO_ERRORS, TWILIO_UNREACHABLE, twilioHttpError } from './messages';
import { MessagingError, type MessageDriver, type OutgoingMessage, type SendingAccount, type SendResult } from './types';

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

/**
 * Drivers whose provider reports each message's fate after accepting it: Twilio (SMS, WhatsApp) posts its
 * status callbacks when PUBLIC_URL is set. The outbox delivers nothing and SMTP has no receipts.
 */
export const RECEIPT_DRIVERS = ['twilio'] as const;

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
const PERMANENT_TWILIO_CODES = new Set([20003, 20404, 21211, 21408, 21606, 21608, 21610, 21612, 21614, 63003, 63007, 63016]);

/** A Twilio error code (REST answer or status callback) as an Italian sentence that keeps the code. */
export function twilioReason(code: number | string): string {
  const known = TWILIO_ERRORS[Number(code)];
  return known ? `${known} (Twilio ${code})` : twilioHttpError(undefined, code);
}

/**
 * The SDK's failure as a MessagingError with an Italian reason. A RestException carries Twilio's `status`
 * and `code`; no status means the request never got an answer (timeout, refused connection): retried.
 */
export function twilioError(error: unknown): MessagingError {
  const e = error as { status?: number; code?: number | string };
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'number' ? e.code : undefined;
  if (status === undefined) return new MessagingError(TWILIO_UNREACHABLE, false);
  const permanent = (code !== undefined && PERMANENT_TWILIO_CODES.has(code)) || (status >= 400 && status < 500 && status !== 429);
  const reason = code !== undefined && TWILIO_ERRORS[code] ? twilioReason(code) : twilioHttpError(status, code);
  return new MessagingError(reason, permanent);
}

export interface TwilioDriverOptions {
  /** The SDK's HTTP layer: a `twilio.RequestClient` (tests: one pointed at a local stand-in of Twilio's API). */
  httpClient?: unknown;
  /** Per request; under the 10 s shutdown grace of server.ts, so a stopping worker finishes its sends. */
  timeoutMs?: number;
  /** Whose account the credentials are (decision 086): recorded with each message. */
  account?: SendingAccount;
}

export function createTwilioDriver(credentials: TwilioCredentials, options: TwilioDriverOptions = {}): MessageDriver {
  // The SDK (~0.2 s to load) is loaded when a shop first sends or checks its connection, not with the API.
  let client: Promise<Twilio> | undefined;
  const sdk = () =>
    (client ??= import('twilio').then(({ default: twilio }) =>
      twilio(credentials.accountSid, credentials.authToken, {
        autoRetry: true,
        maxRetries: 2,
        timeout: options.timeoutMs ?? 8_000,
        ...(options.httpClient ? { httpClient: options.httpClient as never } : {}),
      }),
    ));
  return {
    name: 'twilio',
    account: options.account ?? 'shop',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const whatsapp = message.channel === 'whatsapp';
      const address = (n: string) => (whatsapp ? `whatsapp:${n}` : n);
      const sender = credentials.messagingServiceSid
        ? { messagingServiceSid: credentials.messagingServiceSid }
        : { from: address(credentials.phoneNumber ?? '') };
      try {
        const callback = credentials.statusCallback ? { statusCallback: credentials.statusCallback } : {};
        const sent = await (await sdk()).messages.create({ to: address(message.recipient), body: message.body, ...sender, ...callback });
        return { providerMessageId: sent.sid, status: TWILIO_STATUSES[sent.status] ?? 'queued' };
      } catch (error) {
        throw twilioError(error);
      }
    },
    /** Reads the account (credentials) and the Messaging Service when there is one: nothing is sent. */
    async verify(): Promise<void> {
      try {
        const twilio = await sdk();
        await twilio.api.v2010.accounts(credentials.accountSid).fetch();
        if (credentials.messagingServiceSid) await twilio.messaging.v1.services(credentials.messagingServiceSid).fetch();
      } catch (error) {
        throw twilioError(error);
      }
    },
  };
}

/** nodemailer's failure as a MessagingError: 5xx replies, bad credentials and bad addresses are permanent. */
export function smtpError(error: unknown): MessagingError {
  const e = error as { code?: string; responseCode?: number };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  if (e.code === 'EAUTH' || responseCode === 535) return new MessagingError(SMTP_ERRORS.auth, true);
  // A refused recipient comes as EENVELOPE with the server's 55x reply: the reply says more.
  if (responseCode !== undefined && [550, 551, 553].includes(responseCode)) return new MessagingError(SMTP_ERRORS.recipient, true);
  if (e.code === 'EENVELOPE') return new MessagingError(SMTP_ERRORS.envelope, true);
  if (['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EGREETING'].includes(e.code ?? '')) {
    return new MessagingError(SMTP_ERRORS.connection, false);
  }
  return new MessagingError(SMTP_ERRORS.unknown(responseCode ?? e.code), responseCode !== undefined && responseCode >= 500);
}

/** nodemailer's DKIM options (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY; decision 074): every e-mail signed when set. */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * `smtp` is SMTP_URL, or a ready nodemailer transport; `sender` the business's emailSender ('a@x.it' or
 * 'Nome <a@x.it>'). The From carries the display name the worker chose (the configured one, else the shop's name),
 * which nodemailer encodes (RFC 2047) when it has accents or an apostrophe.
 */
export function createSmtpDriver(smtp: string | Transporter, sender: string, dkim: DkimOptions | null = null, account: SendingAccount = 'shop'): MessageDriver {
  // nodemailer (700 KB of code) is loaded when a shop first sends an e-mail, not with the API.
  let mailer: Promise<Transporter> | undefined;
  const transport = () =>
    (mailer ??=
      typeof smtp === 'string' ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtp, dkim ? { dkim } : {})) : Promise.resolve(smtp));
  const configured = parseSender(sender);
  const address = configured?.address ?? sender;
  return {
    name: 'smtp',
    account,
    async send(message: OutgoingMessage): Promise<SendResult> {
      const email = message.email;
      const fromName = email?.fromName ?? configured?.name ?? '';
      try {
        const info = await (await transport()).sendMail({
          from: fromName ? { name: fromName, address } : address,
          to: message.recipient,
          subject: email?.subject ?? 'Messaggio',
          text: email?.text ?? message.body,
          ...(email ? { html: email.html } : {}),
          ...(email?.replyTo ? { replyTo: email.replyTo } : {}),
          // RFC 8058: the mail client's "unsubscribe" button posts List-Unsubscribe=One-Click to the URL.
          ...(email?.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
        });
        return { providerMessageId: info.messageId ?? null, status: 'sent' };
      } catch (error) {
        throw smtpError(error);
      }
    },
    /** Connects, greets and logs in (nodemailer's `verify`): nothing is sent. */
    async verify(): Promise<void> {
      try {
        await (await transport()).verify();
      } catch (error) {
        throw smtpError(error);
      }
    },
  };
}

export const missingSettings = (what: keyof typeof MESSAGING_MESSAGES) => new MessagingError(MESSAGING_MESSAGES[what], true);
