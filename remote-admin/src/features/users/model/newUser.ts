import { MESSAGES } from '@loyalty/shared';
import { FORM_MESSAGES, optionalPhone, requiredEmail, requiredText, z } from '@loyalty/shared/forms';
import { adminPasswordRule } from '../../../shared/passwordRules';
import type { NewUser } from '../api';

export interface NewUserForm {
  email: string;
  full_name: string;
  phone: string;
  role: NonNullable<NewUser['role']>;
  business_id: string;
  password: string;
}

export const EMPTY_NEW_USER: NewUserForm = { email: '', full_name: '', phone: '', role: 'client', business_id: '', password: '' };

export const EMAIL_AND_NAME_REQUIRED = FORM_MESSAGES.emailAndNameRequired;
export const SELECT_BUSINESS_FOR_CLIENT = FORM_MESSAGES.selectBusinessForClient;

/** The fields whose message the form shows in its one alert, in the form's order (the phone's is under it). */
export const NEW_USER_ALERT_FIELDS = ['email', 'full_name', 'business_id', 'password'] as const;

/** A password is asked (and sent) only when a super admin creates an admin. */
export function needsPassword(role: NewUserForm['role'], actorIsSuperAdmin: boolean): boolean {
  return actorIsSuperAdmin && role === 'admin';
}

/**
 * User creation, with the API's rules (email and name required, phone shaped like one, password
 * of at least 8 characters): a business for a client, a password for a super admin's new admin.
 */
export function newUserSchema(actorIsSuperAdmin: boolean) {
  return z
    .object({
      email: requiredEmail(EMAIL_AND_NAME_REQUIRED),
      full_name: requiredText(EMAIL_AND_NAME_REQUIRED),
      phone: optionalPhone,
      role: z.enum(['client', 'admin']),
      business_id: z.string(),
      password: z.string(),
    })
    .check(
      z.superRefine((form, ctx) => {
        // A client always receives a card, so it belongs to a business (the API requires it for anyone).
        if (form.role === 'client' && !form.business_id) ctx.issues.push({ code: 'custom', message: SELECT_BUSINESS_FOR_CLIENT, path: ['business_id'], input: form.business_id });
        const password = needsPassword(form.role, actorIsSuperAdmin) ? adminPasswordRule.safeParse(form.password) : null;
        if (password && !password.success) ctx.issues.push({ code: 'custom', message: password.error.issues[0].message, path: ['password'], input: form.password });
      }),
    );
}

/** The `POST /users` body: business only for a client, password only for a super admin's new admin. */
export function newUserRequest(form: NewUserForm, actorIsSuperAdmin: boolean): NewUser {
  const phone = form.phone.trim();
  return {
    email: form.email.trim(),
    full_name: form.full_name.trim(),
    role: form.role,
    ...(phone ? { phone } : {}),
    ...(form.role === 'client' ? { business_id: form.business_id } : {}),
    ...(needsPassword(form.role, actorIsSuperAdmin) ? { password: form.password } : {}),
  };
}

/** Fallback when the server answers without an `error` field. */
export const USER_CREATE_ERROR = MESSAGES.userCreateError;
