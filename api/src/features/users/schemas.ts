import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { CHANNELS } from '../messaging/types';
import { customerName, optionalPhone, optionalText, requiredEmail, timestampSchema } from '../../schemas/common';

export const roleSchema = z.enum(['client', 'staff', 'admin', 'super_admin']);

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: roleSchema,
    phone: z.string().nullable(),
    created_at: timestampSchema,
    business_id: z.string().nullable(),
    memberships: z
      .array(z.object({ business_id: z.string(), role: z.enum(['admin', 'staff']) }))
      .optional()
      .describe('Aziende in cui l’utente lavora senza esserne il titolare (decisione 070): co-amministratore o operatore di cassa'),
  })
  .describe('Utente')
  .meta({ id: 'User' });

export const userListItemSchema = userSchema
  .extend({ card_id: z.string().nullable() })
  .describe('Utente con la sua carta fedeltà')
  .meta({ id: 'UserListItem' });

export const loginBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema }).meta({ id: 'LoginResponse' });

export const usersQuerySchema = z.object({
  business_id: z.string().trim().min(1).max(200).optional().describe("Obbligatorio per un admin: l'azienda di cui elencare i clienti"),
});

export const createUserBodySchema = z.object({
  email: requiredEmail(MESSAGES.emailAndNameRequired),
  full_name: customerName(MESSAGES.emailAndNameRequired),
  role: z.enum(['client', 'admin']).optional().default('client').describe('client (con una carta in `business_id`) o admin'),
  phone: optionalPhone(),
  business_id: optionalText(200).describe('Obbligatorio per un cliente: l’azienda della sua carta'),
  password: z.string().max(1024).optional().describe('Solo quando un super admin crea un admin: almeno 8 caratteri'),
  marketing_channels: z
    .array(z.enum(CHANNELS, { error: MESSAGES.marketingChannelUnknown }))
    .max(20)
    .optional()
    .describe('Cliente: i canali su cui ha accettato offerte e novità, dichiarati in negozio (doppioni ignorati); assente: nessuno (decisione 025)'),
});

export const createdUserSchema = userSchema
  .extend({
    card_id: z.string().nullable(),
    qrCode: z.string().nullable().describe('PNG (data URL) del QR con il link per aggiungere punti alla carta; null senza carta'),
    message: z.string(),
  })
  .describe('Utente creato')
  .meta({ id: 'CreatedUser' });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z
    .string({ error: (issue) => (issue.input === undefined ? undefined : MESSAGES.newPasswordTooShort) })
    .min(8, MESSAGES.newPasswordTooShort)
    .max(1024),
});

export const changePasswordResponseSchema = z
  .object({
    message: z.string(),
    token: z.string().describe('Nuovo token della sessione: quelli firmati prima del cambio non sono più validi'),
  })
  .meta({ id: 'ChangePasswordResponse' });

export const adminSchema = userSchema
  .extend({ business_count: z.number().int() })
  .describe('Admin con il numero delle sue aziende')
  .meta({ id: 'AdminSummary' });
