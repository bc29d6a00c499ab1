import { FORM_MESSAGES, newPassword } from '@loyalty/shared/forms';

/** The minimum length rule (8 characters), shared with the API, of a new admin's password and of a password change. */
export const adminPasswordRule = newPassword(FORM_MESSAGES.passwordTooShort);
export const changedPasswordRule = newPassword(FORM_MESSAGES.newPasswordTooShort);
