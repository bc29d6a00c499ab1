import { FORM_MESSAGES, z } from '@loyalty/shared/forms';
import { changedPasswordRule } from '../../../shared/passwordRules';

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_FIELDS_REQUIRED = FORM_MESSAGES.passwordFieldsRequired;
export const PASSWORDS_DO_NOT_MATCH = FORM_MESSAGES.passwordsDoNotMatch;

/** The fields in the form's order: the one message shown is the first field's. */
export const PASSWORD_CHANGE_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * In this order: all three required, new and confirmation equal, new at least 8 characters (the
 * API's rule). Checked as a whole, so a mismatch is told before the length, as the person typed them.
 */
export const passwordChangeSchema = z.object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() }).check(
  z.superRefine((form, ctx) => {
    const empty = PASSWORD_CHANGE_FIELDS.filter((field) => form[field] === '');
    for (const field of empty) ctx.issues.push({ code: 'custom', message: PASSWORD_FIELDS_REQUIRED, path: [field], input: form[field] });
    if (empty.length > 0) return;
    if (form.newPassword !== form.confirmPassword) {
      ctx.issues.push({ code: 'custom', message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'], input: form.confirmPassword });
      return;
    }
    const length = changedPasswordRule.safeParse(form.newPassword);
    if (!length.success) ctx.issues.push({ code: 'custom', message: length.error.issues[0].message, path: ['newPassword'], input: form.newPassword });
  }),
);
