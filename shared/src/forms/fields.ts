/**
 * The one-field rules that the public pages' forms are made of (publicForms.ts) as well as the other forms
 * (rules.ts re-exports them). A module of its own so that a page script importing the public forms bundles
 * only these builders, not every rule of the dashboard's forms.
 */
import { looksLikePhone } from '../format/phone';
import { FORM_MESSAGES } from './messages';
import { z } from './zod';

/** Text that must not be blank: trimmed, else `message`. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** A required e-mail: not blank. Its exact form is the API's check (zod's `email()`), answered in Italian. */
export const requiredEmail = requiredText;

/** A required phone number: not blank, and shaped like a number (the API then checks it exactly, decision 024). */
export const requiredPhone = (requiredMessage: string) =>
  z.string().check(z.trim(), z.minLength(1, { error: requiredMessage, abort: true }), z.refine(looksLikePhone, FORM_MESSAGES.phoneInvalid));
