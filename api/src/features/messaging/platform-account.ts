/**
 * The platform's messaging account (decision 086): one Twilio account (SMS, WhatsApp) and one SMTP server the
 * super admin configures in `platform_settings`, through which a shop with no provider of its own for a channel
 * sends. The shop's name is the sender where the channel allows it: the From display name of an e-mail (with the
 * shop's own address as Reply-To) and, when the super admin turns it on, the alphanumeric sender id of an SMS.
 * Secrets are encrypted with the shops' key (secrets.ts), each under its own associated data, and never leave
 * this module in clear: every answer shows only '••••' and the last four characters.
 */
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Queryable } from '../../db';
import { FIELD_LABELS, fieldInvalid } from '../../messages';
import { toE164 } from '../../schemas/common';
import { isMaskedSecret, maskSecret, senderAddressField } from './settings-schemas';
import type { SecretBox } from './secrets';
import type { Channel } from './types';

/** The associated data of each platform secret: no business id can be either (they never start with a colon). */
export const PLATFORM_SECRET_SCOPE = { twilio: ':platform:twilio-auth-token', smtp: ':platform:smtp-password' } as const;

export interface PlatformAccountRecord {
  twilio_account_sid: string | null;
  twilio_auth_token_encrypted: string | null;
  twilio_auth_token_last4: string | null;
  twilio_sms_from: string | null;
  sms_shop_name_sender: boolean;
  twilio_whatsapp_from: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: boolean;
  smtp_user: string | null;
  smtp_password_encrypted: string | null;
  smtp_password_last4: string | null;
  email_from: string | null;
  messaging_account_updated_at: string | null;
}

const COLUMNS = `twilio_account_sid, twilio_auth_token_encrypted, twilio_auth_token_last4, twilio_sms_from, sms_shop_name_sender,
  twilio_whatsapp_from, smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_encrypted, smtp_password_last4, email_from,
  messaging_account_updated_at`;

export type PlatformAccountUpdate = Partial<Omit<PlatformAccountRecord, 'messaging_account_updated_at'>>;

export function createPlatformAccountRepository(db: Queryable) {
  return {
    async find(): Promise<PlatformAccountRecord> {
      const { rows } = await db.query<PlatformAccountRecord>(`SELECT ${COLUMNS} FROM platform_settings`);
      return rows[0];
    },
    /** Only the fields given change. */
    async save(update: PlatformAccountUpdate): Promise<void> {
      const entries = Object.entries(update).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return;
      const sets = entries.map(([column], i) => `${column} = $${i + 1}`);
      await db.query(`UPDATE platform_settings SET ${sets.join(', ')}, messaging_account_updated_at = now()`, entries.map(([, value]) => value));
    },
    async clear(): Promise<void> {
      await db.query(
        `UPDATE platform_settings SET twilio_account_sid = NULL, twilio_auth_token_encrypted = NULL, twilio_auth_token_last4 = NULL,
                twilio_sms_from = NULL, sms_shop_name_sender = false, twilio_whatsapp_from = NULL, smtp_host = NULL, smtp_port = NULL,
                smtp_secure = false, smtp_user = NULL, smtp_password_encrypted = NULL, smtp_password_last4 = NULL, email_from = NULL,
                messaging_account_updated_at = now()`,
      );
    },
  };
}

export type PlatformAccountRepository = ReturnType<typeof createPlatformAccountRepository>;

/** Whether the platform account can send `channel`: its credentials and that channel's sender are there. */
export function platformServes(account: PlatformAccountRecord, channel: Channel): boolean {
  if (channel === 'email') return Boolean(account.smtp_host && account.email_from);
  if (!account.twilio_account_sid || !account.twilio_auth_token_encrypted) return false;
  return channel === 'whatsapp' ? Boolean(account.twilio_whatsapp_from) : Boolean(account.twilio_sms_from || account.sms_shop_name_sender);
}

/**
 * The shop's name as an SMS alphanumeric sender id (Twilio's rule: 1–11 of A–Z, a–z, 0–9 and spaces, at least one
 * letter): accents dropped, other characters removed, cut at 11. Null when nothing of the name is left.
 */
export function alphanumericSenderId(shopName: string): string | null {
  const id = shopName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 11)
    .trim();
  return /[A-Za-z]/.test(id) ? id : null;
}

/** The SMTP transport of the platform account (password decrypted here, for the driver only). */
export async function platformSmtpTransport(
  account: PlatformAccountRecord,
  secrets: SecretBox,
  dkim: { domainName: string; keySelector: string; privateKey: string } | null,
): Promise<Transporter> {
  const pass = account.smtp_password_encrypted ? secrets.decrypt(account.smtp_password_encrypted, PLATFORM_SECRET_SCOPE.smtp) : null;
  // nodemailer is loaded at the first e-mail, not with the API (drivers.ts).
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: account.smtp_host!,
    port: account.smtp_port ?? (account.smtp_secure ? 465 : 587),
    secure: account.smtp_secure,
    ...(account.smtp_user ? { auth: { user: account.smtp_user, pass: pass ?? '' } } : {}),
    ...(dkim ? { dkim } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The routes' shapes

export const platformAccountSchema = z
  .object({
    twilioAccountSid: z.string(),
    twilioAuthToken: z.string().describe("Mascherato: '••••' seguito dagli ultimi 4 caratteri, '' se assente"),
    twilioSmsFrom: z.string().describe('Numero mittente degli SMS (E.164)'),
    smsShopNameSender: z.boolean().describe('Negli SMS il mittente è il nome del negozio (ID alfanumerico)'),
    twilioWhatsappFrom: z.string().describe('Numero WhatsApp mittente (E.164)'),
    smtpHost: z.string(),
    smtpPort: z.number().int().nullable(),
    smtpSecure: z.boolean().describe('TLS dall’inizio della connessione (porta 465)'),
    smtpUser: z.string(),
    smtpPassword: z.string().describe("Mascherata: '••••' seguito dagli ultimi 4 caratteri, '' se assente"),
    emailFrom: z.string().describe('Indirizzo mittente delle email; il nome visualizzato è quello del negozio'),
    channels: z
      .object({ whatsapp: z.boolean(), sms: z.boolean(), email: z.boolean() })
      .describe('I canali che l’account della piattaforma può inviare con ciò che è salvato'),
    updatedAt: z.string().nullable(),
  })
  .describe('Account di messaggistica della piattaforma (i segreti mascherati)')
  .meta({ id: 'PlatformMessagingAccount' });

export type PlatformAccountResponse = z.infer<typeof platformAccountSchema>;

export function toPlatformAccountResponse(account: PlatformAccountRecord): PlatformAccountResponse {
  return {
    twilioAccountSid: account.twilio_account_sid ?? '',
    twilioAuthToken: maskSecret(account.twilio_auth_token_last4),
    twilioSmsFrom: account.twilio_sms_from ?? '',
    smsShopNameSender: account.sms_shop_name_sender,
    twilioWhatsappFrom: account.twilio_whatsapp_from ?? '',
    smtpHost: account.smtp_host ?? '',
    smtpPort: account.smtp_port,
    smtpSecure: account.smtp_secure,
    smtpUser: account.smtp_user ?? '',
    smtpPassword: maskSecret(account.smtp_password_last4),
    emailFrom: account.email_from ?? '',
    channels: { whatsapp: platformServes(account, 'whatsapp'), sms: platformServes(account, 'sms'), email: platformServes(account, 'email') },
    updatedAt: account.messaging_account_updated_at ? new Date(account.messaging_account_updated_at).toISOString() : null,
  };
}

const phone = (label: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => (v === '' ? v : toE164(v, ctx, `${fieldInvalid(label)}: usa il formato internazionale E.164, es. +393331234567`)))
    .optional();

const secret = (label: string, hint: string, min: number) =>
  z
    .string()
    .trim()
    .max(200, `${fieldInvalid(label)}: al massimo 200 caratteri`)
    .refine((v) => v === '' || isMaskedSecret(v) || v.length >= min, `${fieldInvalid(label)}: ${hint}`)
    .optional()
    .describe("Nuovo valore; quello mascherato ('••••1234') o assente lascia quello salvato, '' lo rimuove");

/** PUT body: every field optional, '' clears one; smtpUrl is another way to give host, port, TLS, user and password. */
export const platformAccountUpdateSchema = z
  .object({
    twilioAccountSid: z
      .string()
      .trim()
      .regex(/^(AC[0-9a-fA-F]{32})?$/, `${fieldInvalid(FIELD_LABELS.twilioAccountSid)}: deve essere AC seguito da 32 caratteri esadecimali`)
      .optional(),
    // Short values would be shown almost whole by the masked '••••' + last four.
    twilioAuthToken: secret(FIELD_LABELS.twilioAuthToken, 'il token Twilio ha 32 caratteri', 16),
    twilioSmsFrom: phone(FIELD_LABELS.twilioSmsFrom),
    smsShopNameSender: z.boolean().optional(),
    twilioWhatsappFrom: phone(FIELD_LABELS.twilioWhatsappFrom),
    smtpUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(smtps?:\/\/\S+)?$/, `${fieldInvalid(FIELD_LABELS.smtpUrl)}: deve essere smtp://utente:password@server:porta (o smtps://)`)
      .optional()
      .describe('smtp://utente:password@server:porta (smtps:// per TLS): compila server, porta, TLS, utente e password'),
    smtpHost: z
      .string()
      .trim()
      .max(253)
      .regex(/^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)?$/, `${fieldInvalid(FIELD_LABELS.smtpHost)}: inserisci il nome del server, es. smtp.esempio.it`)
      .optional(),
    smtpPort: z
      .number()
      .int(`${fieldInvalid(FIELD_LABELS.smtpPort)}: un numero da 1 a 65535`)
      .min(1, `${fieldInvalid(FIELD_LABELS.smtpPort)}: un numero da 1 a 65535`)
      .max(65535, `${fieldInvalid(FIELD_LABELS.smtpPort)}: un numero da 1 a 65535`)
      .nullable()
      .optional(),
    smtpSecure: z.boolean().optional(),
    smtpUser: z.string().trim().max(200, `${fieldInvalid(FIELD_LABELS.smtpUser)}: al massimo 200 caratteri`).optional(),
    smtpPassword: secret(FIELD_LABELS.smtpPassword, 'almeno 8 caratteri', 8),
    emailFrom: senderAddressField(FIELD_LABELS.emailFrom, { withName: false, hint: 'inserisci solo l’indirizzo (il nome è quello di ogni negozio)' })
      .optional(),
  })
  .describe('Account di messaggistica della piattaforma da salvare');

export type PlatformAccountBody = z.infer<typeof platformAccountUpdateSchema>;

export const PLATFORM_MESSAGES = {
  saved: 'Account di messaggistica della piattaforma salvato',
  cleared: 'Account di messaggistica della piattaforma rimosso: i negozi senza un fornitore proprio tornano in modalità di prova',
  twilioIncomplete: 'Account Twilio della piattaforma incompleto: servono Account SID e Auth Token insieme',
  twilioSenderMissing: 'Account Twilio della piattaforma: indica il numero mittente degli SMS, quello WhatsApp o il mittente col nome del negozio',
  smtpIncomplete: 'Server email della piattaforma incompleto: servono il server SMTP e l’indirizzo mittente insieme',
  smtpPasswordWithoutUser: 'Server email della piattaforma: la password SMTP richiede l’utente SMTP',
} as const;

/**
 * The columns a body changes, or an Italian error (a PLATFORM_MESSAGES sentence) when the account it would leave is
 * half made: Twilio needs SID and token together and a sender, SMTP a server and a From address together.
 */
export function platformUpdate(body: PlatformAccountBody, current: PlatformAccountRecord, secrets: SecretBox): PlatformAccountUpdate | { error: string } {
  const text = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const update: PlatformAccountUpdate = {
    twilio_account_sid: text(body.twilioAccountSid),
    twilio_sms_from: text(body.twilioSmsFrom),
    sms_shop_name_sender: body.smsShopNameSender,
    twilio_whatsapp_from: text(body.twilioWhatsappFrom),
    smtp_host: text(body.smtpHost),
    smtp_port: body.smtpPort,
    smtp_secure: body.smtpSecure,
    smtp_user: text(body.smtpUser),
    email_from: text(body.emailFrom),
  };
  let smtpPassword = body.smtpPassword;
  if (body.smtpUrl) {
    const url = new URL(body.smtpUrl);
    update.smtp_host = url.hostname;
    update.smtp_secure = url.protocol === 'smtps:';
    update.smtp_port = url.port ? Number(url.port) : null;
    update.smtp_user = url.username ? decodeURIComponent(url.username) : null;
    smtpPassword = url.password ? decodeURIComponent(url.password) : '';
  }
  if (body.twilioAuthToken !== undefined && !isMaskedSecret(body.twilioAuthToken)) {
    const token = body.twilioAuthToken;
    update.twilio_auth_token_encrypted = token === '' ? null : secrets.encrypt(token, PLATFORM_SECRET_SCOPE.twilio);
    update.twilio_auth_token_last4 = token === '' ? null : token.slice(-4);
  }
  if (smtpPassword !== undefined && !isMaskedSecret(smtpPassword)) {
    update.smtp_password_encrypted = smtpPassword === '' ? null : secrets.encrypt(smtpPassword, PLATFORM_SECRET_SCOPE.smtp);
    update.smtp_password_last4 = smtpPassword === '' ? null : smtpPassword.slice(-4);
  }
  const after = { ...current, ...Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined)) } as PlatformAccountRecord;
  const twilioAny = after.twilio_account_sid || after.twilio_auth_token_encrypted || after.twilio_sms_from || after.twilio_whatsapp_from || after.sms_shop_name_sender;
  if (twilioAny) {
    if (!after.twilio_account_sid || !after.twilio_auth_token_encrypted) return { error: PLATFORM_MESSAGES.twilioIncomplete };
    if (!after.twilio_sms_from && !after.twilio_whatsapp_from && !after.sms_shop_name_sender) return { error: PLATFORM_MESSAGES.twilioSenderMissing };
  }
  if ((after.smtp_host || after.email_from || after.smtp_user || after.smtp_password_encrypted) && !(after.smtp_host && after.email_from)) {
    return { error: PLATFORM_MESSAGES.smtpIncomplete };
  }
  if (after.smtp_password_encrypted && !after.smtp_user) return { error: PLATFORM_MESSAGES.smtpPasswordWithoutUser };
  return update;
}
