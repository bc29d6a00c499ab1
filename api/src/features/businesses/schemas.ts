import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { WALLET_MESSAGES } from '../wallet/messages';
import { flagSchema, optionalEmail, optionalPhone, optionalText } from '../../schemas/common';

const loyaltyModeSchema = z.enum(['points', 'stamps']).describe('points: punti; stamps: timbri (numeri interi)');

export const businessSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    whatsapp_enabled: flagSchema,
    sms_enabled: flagSchema,
    email_enabled: flagSchema,
    bonus_threshold: z.number().int().describe('Soglia bonus in punti: un WhatsApp bonus quando una carta raggiunge un multiplo nuovo (uno solo per aumento, per il multiplo più alto)'),
    loyalty_mode: loyaltyModeSchema,
    brand_color: z.string().nullable().describe('Colore del negozio sui pass dei wallet, #rrggbb; null: il blu della dashboard'),
  })
  .describe('Azienda')
  .meta({ id: 'Business' });

export const publicBusinessSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    loyalty_mode: loyaltyModeSchema,
    brand_color: z.string().nullable().describe('Colore del negozio (#rrggbb) su carta e pass; null: il blu predefinito'),
  })
  .describe('Dati pubblici di un’azienda')
  .meta({ id: 'PublicBusiness' });

export const createBusinessBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: optionalText(300),
  phone: optionalPhone(),
  email: optionalEmail,
  website: optionalText(300),
});

const flagInput = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 ? (1 as const) : (0 as const)));

/** The shop's colour on its wallet passes: '#rrggbb' in any case, kept lower-case; '' or null: back to the default colour. */
const brandColorInput = z
  .union([z.string({ error: WALLET_MESSAGES.brandColorInvalid }).trim().max(7, WALLET_MESSAGES.brandColorInvalid), z.null()], { error: WALLET_MESSAGES.brandColorInvalid })
  .refine((v) => v === null || v === '' || /^#[0-9a-fA-F]{6}$/.test(v), WALLET_MESSAGES.brandColorInvalid)
  .transform((v) => (v ? v.toLowerCase() : null))
  .optional();

/** PUT /settings/{businessId}: any subset; the three flags only from a super admin. */
export const updateSettingsBodySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  address: optionalText(300),
  phone: optionalPhone(),
  email: optionalEmail,
  website: optionalText(300),
  whatsapp_enabled: flagInput.describe('0/1 (anche true/false); solo super admin'),
  sms_enabled: flagInput.describe('0/1 (anche true/false); solo super admin'),
  email_enabled: flagInput.describe('0/1 (anche true/false); solo super admin'),
  brand_color: brandColorInput.describe('Colore del negozio sui pass dei wallet: #rrggbb (maiuscole o minuscole, salvato minuscolo); null o "" per il colore predefinito'),
});

export const adminIdParamsSchema = z.object({ adminId: z.string().trim().min(1).max(200) });
export const businessIdParamsSchema = z.object({ businessId: z.string().trim().min(1).max(200) });

// Bonus
/** A bonus threshold: a whole number of points, at least 1. */
const bonusThreshold = z.coerce
  .number({ error: MESSAGES.bonusThresholdInvalid })
  .int(MESSAGES.bonusThresholdInvalid)
  .min(1, MESSAGES.bonusThresholdInvalid)
  .max(1_000_000_000, MESSAGES.bonusThresholdInvalid);

export const bonusPreviewQuerySchema = z.object({
  threshold: bonusThreshold.describe('La soglia che si vuole impostare'),
});

export const bonusThresholdBodySchema = z.object({
  threshold: z
    .number({ error: MESSAGES.bonusThresholdInvalid })
    .int(MESSAGES.bonusThresholdInvalid)
    .min(1, MESSAGES.bonusThresholdInvalid)
    .max(1_000_000_000, MESSAGES.bonusThresholdInvalid)
    .describe('Nuova soglia bonus in punti'),
  confirm_messages: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('I messaggi bonus che la persona ha confermato (`messages` dell’anteprima); obbligatorio se la nuova soglia ne invia'),
});

const bonusCounts = {
  threshold: z.number().int(),
  messages: z.number().int().describe('WhatsApp bonus messi in coda (o che lo sarebbero)'),
  skipped: z.number().int().describe('Bonus registrati senza messaggio perché il cliente non ha telefono o ha chiesto STOP'),
  cards: z.number().int().describe('Carte che raggiungono un nuovo multiplo della soglia (con o senza messaggio)'),
  whatsapp_enabled: flagSchema.describe('0: WhatsApp non abilitato, i bonus sono solo registrati (badge Bonus!)'),
};

export const bonusPreviewSchema = z.object(bonusCounts).describe('Cosa farebbe ora il cambio di soglia').meta({ id: 'BonusCounts' });
export const bonusThresholdSavedSchema = z
  .object({ message: z.string(), ...bonusCounts })
  .describe('Soglia salvata e bonus registrati')
  .meta({ id: 'BonusThresholdSaved' });
