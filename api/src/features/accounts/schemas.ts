import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { timestampSchema } from '../../schemas/common';
import { roleSchema } from '../users/schemas';
import { TEAM_MESSAGES } from '../team/messages';
import { AUDIT_ACTIONS } from './repository';

export const resetRequestBodySchema = z.object({ email: z.string().trim().min(1).max(254) });

export const resetTokenBodySchema = z.object({ token: z.string().min(1).max(200) });

export const resetConfirmBodySchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: z
    .string({ error: (issue) => (issue.input === undefined ? undefined : MESSAGES.newPasswordTooShort) })
    .min(8, MESSAGES.newPasswordTooShort)
    .max(1024),
});

export const managedUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: roleSchema,
    business_id: z.string().nullable(),
    created_at: timestampSchema,
    disabled: z.boolean(),
  })
  .describe('Utente gestibile da chi chiede')
  .meta({ id: 'ManagedUser' });

export const accountIdParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });

export const roleBodySchema = z.object({ role: roleSchema });

export const shopsBodySchema = z.object({
  business_ids: z
    .array(z.string().trim().min(1).max(200), { error: TEAM_MESSAGES.businessesRequired })
    .min(1, TEAM_MESSAGES.businessesRequired)
    .max(50)
    .describe('I negozi in cui lavora: tutti gestiti da chi chiede'),
});

export const auditEventSchema = z
  .object({
    id: z.string(),
    at: timestampSchema,
    actor_id: z.string().nullable(),
    actor_email: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    target_id: z.string().nullable(),
    target_email: z.string(),
    detail: z.string().nullable(),
  })
  .describe('Modifica di un utente: chi, cosa, quando, su chi')
  .meta({ id: 'UserAuditEvent' });
