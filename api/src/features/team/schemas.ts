import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { optionalPhone, requiredEmail, timestampSchema } from '../../schemas/common';
import { userSchema } from '../users/schemas';
import { TEAM_MESSAGES } from './messages';

const memberRoleSchema = z.enum(['admin', 'staff']);

export const teamMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: memberRoleSchema,
    businesses: z.array(z.object({ business_id: z.string(), business_name: z.string(), role: memberRoleSchema })).describe('Solo i negozi di chi chiede'),
    status: z.enum(['invited', 'expired', 'active']).describe('invited: «Invito inviato»; expired: invito scaduto; active: password scelta'),
    invitation_expires_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'TeamMember' });

export const inviteBodySchema = z.object({
  email: requiredEmail(MESSAGES.emailAndNameRequired),
  full_name: z.string({ error: MESSAGES.emailAndNameRequired }).trim().min(1, MESSAGES.emailAndNameRequired).max(200),
  role: memberRoleSchema.describe('admin (co-amministratore dei negozi scelti) o staff («Operatore di cassa»)'),
  business_ids: z
    .array(z.string().trim().min(1).max(200), { error: TEAM_MESSAGES.businessesRequired })
    .min(1, TEAM_MESSAGES.businessesRequired)
    .max(50)
    .describe('I negozi in cui lavorerà: tutti gestiti da chi invita'),
  channel: z
    .enum(['email', 'whatsapp', 'sms'])
    .optional()
    .describe('Come arriva il link (decisione 078): email (predefinito) o, se il primo negozio li invia davvero, WhatsApp o SMS al `phone`'),
  phone: optionalPhone().describe('Il telefono del collega: obbligatorio per un invito via WhatsApp o SMS'),
});

export const inviteAnswerSchema = z.object({ message: z.string(), member: teamMemberSchema });

export const userIdParamsSchema = z.object({ userId: z.string().trim().min(1).max(200) });

export const acceptBodySchema = z.object({
  token: z.string().trim().min(1).max(200),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? undefined : MESSAGES.newPasswordTooShort) })
    .min(8, MESSAGES.newPasswordTooShort)
    .max(1024),
});

export const acceptAnswerSchema = z.object({ message: z.string(), token: z.string(), user: userSchema }).meta({ id: 'InvitationAccepted' });
