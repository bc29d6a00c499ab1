import { z } from 'zod';
import { flagSchema, optionalEmail, optionalText } from './common';

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
  })
  .describe('Azienda');

export const publicBusinessSchema = z.object({ id: z.string(), name: z.string() }).describe('Dati pubblici di un’azienda');

export const createBusinessBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: optionalText(300),
  phone: optionalText(50),
  email: optionalEmail,
  website: optionalText(300),
});

const flagInput = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 ? (1 as const) : (0 as const)));

/** PUT /settings/{businessId}: any subset; the three flags only from a super admin. */
export const updateSettingsBodySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  address: optionalText(300),
  phone: optionalText(50),
  email: optionalEmail,
  website: optionalText(300),
  whatsapp_enabled: flagInput.describe('0/1 (anche true/false); solo super admin'),
  sms_enabled: flagInput.describe('0/1 (anche true/false); solo super admin'),
  email_enabled: flagInput.describe('0/1 (anche true/false); solo super admin'),
});

export const adminIdParamsSchema = z.object({ adminId: z.string().trim().min(1).max(200) });
export const businessIdParamsSchema = z.object({ businessId: z.string().trim().min(1).max(200) });
