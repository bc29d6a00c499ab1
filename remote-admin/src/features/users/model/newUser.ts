import { MESSAGES } from '@loyalty/shared';
import { PASSWORD_TOO_SHORT, passwordTooShort } from '../../../shared/passwordRules';
import type { NewUser } from '../api';

export interface NewUserForm {
  email: string;
  full_name: string;
  phone: string;
  role: NewUser['role'];
  business_id: string;
  password: string;
}

export const EMPTY_NEW_USER: NewUserForm = { email: '', full_name: '', phone: '', role: 'client', business_id: '', password: '' };

export const EMAIL_AND_NAME_REQUIRED = 'Campi email e nome sono obbligatori';
export const SELECT_BUSINESS_FOR_CLIENT = "Seleziona un'azienda per associare il cliente";

/** A password is asked (and sent) only when a super admin creates an admin (SPEC §5, §6). */
export function needsPassword(role: NewUser['role'], actorIsSuperAdmin: boolean): boolean {
  return actorIsSuperAdmin && role === 'admin';
}

/** The first rule the form breaks, as the message to show, or null. */
export function newUserError(form: NewUserForm, actorIsSuperAdmin: boolean): string | null {
  if (!form.email.trim() || !form.full_name.trim()) return EMAIL_AND_NAME_REQUIRED;
  // A client always receives a card, so it belongs to a business (the API requires it for anyone).
  if (form.role === 'client' && !form.business_id) return SELECT_BUSINESS_FOR_CLIENT;
  if (needsPassword(form.role, actorIsSuperAdmin) && passwordTooShort(form.password)) return PASSWORD_TOO_SHORT;
  return null;
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

/** Fallback when the server answers without an `error` field (SPEC §8). */
export const USER_CREATE_ERROR = MESSAGES.userCreateError;
