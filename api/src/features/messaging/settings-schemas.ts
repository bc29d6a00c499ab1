import { z } from 'zod';
import { formatSender, parseSender } from './email';
import { FIELD_LABELS, fieldInvalid } from '../../messages';
import type { BusinessRecord } from '../businesses/repository';
import type { MessagingSettingsRecord } from './settings-repository';
import {
  QUIET_HOURS,
  QUIET_HOURS_MESSAGES,
  BONUS_MESSAGES,
  BONUS_PLACEHOLDERS,
  BONUS_TEMPLATE_MAX_LENGTH,
  DEFAULT_BONUS_TEMPLATE,
  unknownBonusPlaceholder,
  unknownBonusPlaceholders,
} from './messages';
import { toE164 } from '../../schemas/common';


/**
 * An e-mail sender typed in a settings form: 'offerte@x.it' or, `withName`, "Caffè dell'Università <offerte@x.it>"
 * (the display name kept as typed: nodemailer encodes it, RFC 5322/2047; the address lower-case, decision 074).
 * Without `withName` a display name is refused and the address alone is kept (the platform's address, which
 * carries each shop's name). An empty string stays empty (the field cleared); anything else is refused with
 * the field's label and the hint.
 */
export function senderAddressField(label: string, { withName, hint }: { withName: boolean; hint: string }) {
  return z
    .string()
    .trim()
    .max(320)
    .transform((v, ctx) => {
      if (v === '') return v;
      const sender = parseSender(v);
      if (!sender || (!withName && sender.name) || !z.email().safeParse(sender.address).success) {
        ctx.addIssue({ code: 'custom', message: `${fieldInvalid(label)}: ${hint}` });
        return z.NEVER;
      }
      return withName ? formatSender(sender) : sender.address;
    });
}

export const twilioSettingsQuerySchema = z.object({ businessId: z.string().trim().min(1).max(200) });

export const twilioSettingsSchema = z
  .object({
    accountSid: z.string(),
    authToken: z.string().describe("Mascherato: '••••' seguito dalle ultime 4 cifre, '' se assente"),
    phoneNumber: z.string(),
    messagingServiceSid: z.string(),
    emailSender: z.string(),
    whatsappEnabled: z.boolean(),
    smsEnabled: z.boolean(),
    emailEnabled: z.boolean(),
    driver: z
      .enum(['', 'outbox', 'twilio', 'smtp'])
      .describe("Invio: '' = predefinito della configurazione, 'outbox' = solo registrato, 'twilio'/'smtp' = invio reale"),
    bonusTemplate: z.string().describe(`Testo del WhatsApp bonus, con ${placeholderList()}; il predefinito se l’azienda non l’ha cambiato`),
    sendFrom: z.number().int().describe('Orario di invio (ora di Roma): dalle sendFrom:00 ai messaggi commerciali e automatici (predefinito 9)'),
    sendUntil: z.number().int().describe('…fino alle sendUntil:00 (predefinito 20); fuori orario i messaggi aspettano in coda'),
  })
  .describe('Impostazioni di messaggistica di un’azienda')
  .meta({ id: 'TwilioSettings' });

export type TwilioSettingsResponse = z.infer<typeof twilioSettingsSchema>;

export const maskSecret = (last4: string | null) => (last4 ? `••••${last4}` : '');

/** The settings screen's object: stored credentials (token masked) plus the channel switches of the business. */
export function toTwilioSettingsResponse(business: BusinessRecord, settings: MessagingSettingsRecord | null): TwilioSettingsResponse {
  return {
    accountSid: settings?.account_sid ?? '',
    authToken: maskSecret(settings?.auth_token_last4 ?? null),
    phoneNumber: settings?.phone_number ?? '',
    messagingServiceSid: settings?.messaging_service_sid ?? '',
    emailSender: settings?.email_sender ?? '',
    whatsappEnabled: business.whatsapp_enabled === 1,
    smsEnabled: business.sms_enabled === 1,
    emailEnabled: business.email_enabled === 1,
    driver: settings?.driver ?? '',
    bonusTemplate: settings?.bonus_template ?? DEFAULT_BONUS_TEMPLATE,
    sendFrom: settings?.send_from ?? QUIET_HOURS.sendFrom,
    sendUntil: settings?.send_until ?? QUIET_HOURS.sendUntil,
  };
}

function placeholderList() {
  return Object.entries(BONUS_PLACEHOLDERS)
    .map(([name, meaning]) => `{${name}} (${meaning})`)
    .join(', ');
}

/** The bonus WhatsApp's text: never empty, at most 1600 characters, only known placeholders. */
export const bonusTemplateSchema = z
  .string()
  .trim()
  .min(1, BONUS_MESSAGES.templateEmpty)
  .max(BONUS_TEMPLATE_MAX_LENGTH, BONUS_MESSAGES.templateTooLong)
  .superRefine((template, ctx) => {
    const unknown = unknownBonusPlaceholders(template);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownBonusPlaceholder(unknown) });
  });

export const twilioSettingsParamsSchema = z.object({ businessId: z.string().trim().min(1).max(200) });

const MASK_PREFIX = '••••';
/** The masked token the GET answered, sent back unchanged by the settings screen: keep the stored one. */
export const isMaskedSecret = (value: string) => value.startsWith(MASK_PREFIX);

const channelFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/** PUT body: every field optional; '' clears a value. Flags are booleans (or 0/1) and only a super admin may change them. */
export const twilioSettingsUpdateSchema = z
  .object({
    accountSid: z
      .string()
      .trim()
      .regex(/^(AC[0-9a-fA-F]{32})?$/, `${fieldInvalid(FIELD_LABELS.accountSid)}: deve essere AC seguito da 32 caratteri esadecimali`)
      .optional(),
    authToken: z
      .string()
      .trim()
      .max(200)
      // Short values would be shown almost whole by the masked '••••' + last four.
      .refine((v) => v === '' || isMaskedSecret(v) || v.length >= 16, `${fieldInvalid(FIELD_LABELS.authToken)}: il token Twilio ha 32 caratteri`)
      .optional().describe("Nuovo token; il valore mascherato ('••••1234') o assente lascia quello salvato, '' lo rimuove"),
    phoneNumber: z
      .string()
      .trim()
      // Any valid number (national ones read as Italian), saved in E.164 (decision 024).
      .transform((v, ctx) => (v === '' ? v : toE164(v, ctx, `${fieldInvalid(FIELD_LABELS.phoneNumber)}: usa il formato internazionale E.164, es. +393331234567`)))
      .optional(),
    messagingServiceSid: z
      .string()
      .trim()
      .regex(/^(MG[0-9a-fA-F]{32})?$/, `${fieldInvalid(FIELD_LABELS.messagingServiceSid)}: deve essere MG seguito da 32 caratteri esadecimali`)
      .optional(),
    emailSender: senderAddressField(FIELD_LABELS.emailSender, {
      withName: true,
      hint: 'inserisci un indirizzo email, anche con il nome (Nome <indirizzo@dominio.it>)',
    })
      .optional()
      .describe('Indirizzo del mittente, anche con il nome visualizzato: Caffè dell’Università <offerte@esempio.it>'),
    whatsappEnabled: channelFlag.optional(),
    smsEnabled: channelFlag.optional(),
    emailEnabled: channelFlag.optional(),
    driver: z.enum(['', 'outbox', 'twilio', 'smtp']).optional().describe('Solo il super admin può cambiarlo'),
    bonusTemplate: bonusTemplateSchema.optional().describe(`Testo del WhatsApp bonus (1-1600 caratteri) con ${placeholderList()}`),
    sendFrom: z.number().int().min(QUIET_HOURS.sendFrom, QUIET_HOURS_MESSAGES.window).max(QUIET_HOURS.sendUntil - 1, QUIET_HOURS_MESSAGES.window).optional(),
    sendUntil: z.number().int().min(QUIET_HOURS.sendFrom + 1, QUIET_HOURS_MESSAGES.window).max(QUIET_HOURS.sendUntil, QUIET_HOURS_MESSAGES.window).optional(),
  })
  .describe('Impostazioni di messaggistica da salvare');

export const twilioSettingsSavedSchema = z.object({ message: z.string(), settings: twilioSettingsSchema }).meta({ id: 'TwilioSettingsSaved' });

export const connectionTestBodySchema = z.object({
  businessId: z.string().trim().min(1).max(200),
  service: z.enum(['whatsapp', 'sms', 'email']),
  testRecipient: z.string().trim().min(1).max(254).describe('Numero E.164 (WhatsApp, SMS) o indirizzo email'),
});

