import { PASSWORD_MIN_LENGTH } from '@loyalty/shared';

/** The minimum length rule (SPEC §5, §9) of a password change and of a new admin's password. */
export function passwordTooShort(password: string): boolean {
  return password.length < PASSWORD_MIN_LENGTH;
}

export const PASSWORD_TOO_SHORT = `La password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri`;
export const NEW_PASSWORD_TOO_SHORT = `La nuova password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri`;
