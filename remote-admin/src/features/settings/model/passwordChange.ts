import { NEW_PASSWORD_TOO_SHORT, passwordTooShort } from '../../../shared/passwordRules';

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_FIELDS_REQUIRED = 'Compila tutti i campi della password';
export const PASSWORDS_DO_NOT_MATCH = 'Le password non corrispondono';

/** SPEC §5: all three required, new and confirmation equal, new at least 8 characters. */
export function passwordChangeError(form: PasswordChangeForm): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) return PASSWORD_FIELDS_REQUIRED;
  if (form.newPassword !== form.confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (passwordTooShort(form.newPassword)) return NEW_PASSWORD_TOO_SHORT;
  return null;
}
