/**
 * The forms of the public pages (login, customer signup), written once: the pages' framework-free scripts
 * run these schemas themselves (through `@loyalty/shared/page-script`), so there is no second, hand-written
 * copy of the checks; `tools/test/form-rules.test.ts` proves they agree with the API's own schemas. Kept
 * apart from rules.ts so that a page script carries only these schemas and the part of `zod/mini` they use
 * (docs/decisions/063-public-pages-written-once.md has the sizes).
 */
import { MESSAGES } from '../messages';
import { requiredEmail, requiredPhone, requiredText } from './fields';
import { FORM_MESSAGES } from './messages';
import { z } from './zod';

// Each schema is built by a call marked pure: a page script that does not use it (the customer's page, or the
// login page for the signup form) drops the call and the part of zod only it needs.

/** The login form: e-mail and password not blank, one message for both. */
export const loginForm = /* @__PURE__ */ (() =>
  z.object({
    email: requiredText(MESSAGES.loginMissingFields),
    password: z.string().check(z.refine((password) => password.trim() !== '', MESSAGES.loginMissingFields)),
  }))();

/** The marketing channels a customer may tick at signup (decision 025), in the form's order. */
export const SIGNUP_MARKETING_CHANNELS = ['whatsapp', 'sms', 'email'] as const;

/** The customers' card signup, field names as the API's body. */
export const signupForm = /* @__PURE__ */ (() =>
  z.object({
    email: requiredEmail(FORM_MESSAGES.signupEmailRequired),
    full_name: requiredText(FORM_MESSAGES.signupFullNameRequired),
    phone: requiredPhone(FORM_MESSAGES.signupPhoneRequired),
    privacy_ack: z.boolean().check(z.refine((ack) => ack, FORM_MESSAGES.privacyRequired)),
    marketing_channels: z.array(z.enum(SIGNUP_MARKETING_CHANNELS)),
  }))();
