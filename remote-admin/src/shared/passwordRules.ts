import { FORM_MESSAGES, newPassword } from '@loyalty/shared/forms';

/** The minimum length rule (SPEC §5, §9), shared with the API, of a new admin's password and of a password change. */
export const PASSWORD_TOO_SHORT = FORM_MESSAGES.passwordTooShort;
export const NEW_PASSWORD_TOO_SHORT = FORM_MESSAGES.newPasswordTooShort;

export const adminPasswordRule = newPassword(PASSWORD_TOO_SHORT);
export const changedPasswordRule = newPassword(NEW_PASSWORD_TOO_SHORT);
