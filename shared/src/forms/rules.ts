/**
 * Form rules that the API applies too, written once (docs/decisions/034-forms-one-way.md): each is
 * a zod schema of what a person types (strings, a checkbox) with the specification's Italian message,
 * verbatim. The forms build their schemas from these, and the public pages' scripts run `loginForm` and
 * `signupForm` themselves (from `publicForms.ts`, through `@loyalty/shared/page-script`); `tools/test/form-rules.test.ts` feeds the same
 * samples to these rules and to the API's schemas and expects the same verdicts.
 * Where the browser only makes a cheap check before the API's exact one (an e-mail's and a phone number's
 * validity), that test says so sample by sample.
 */
import { PASSWORD_MIN_LENGTH } from '../constants';
import { looksLikePhone } from '../format/phone';
import { BONUS_THRESHOLD_MAX, CAMPAIGN_MESSAGE_MAX_LENGTH, EMAIL_CAMPAIGN_MESSAGE_MAX_LENGTH, FORM_MESSAGES, POINTS_PER_OPERATION_MAX, WHATSAPP_MESSAGE_MAX_LENGTH } from './messages';
import { z } from './zod';

export { requiredEmail, requiredPhone, requiredText } from './fields';
export { loginForm, signupForm, SIGNUP_MARKETING_CHANNELS } from './publicForms';

/** An optional phone number: blank, or shaped like a number. */
export const optionalPhone = z.string().check(z.trim(), z.refine((phone) => phone === '' || looksLikePhone(phone), FORM_MESSAGES.phoneInvalid));

/** A new password: at least PASSWORD_MIN_LENGTH characters, spaces included (the API's rule). */
export const newPassword = (message: string) => z.string().check(z.minLength(PASSWORD_MIN_LENGTH, message));

/** A points amount as people type it: '12,5' or '12.5' → 12.5; anything else → null. */
export function parsePointsInput(input: string): number | null {
  const normalized = input.trim().replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** Whole cents: what the API's numeric(12,2) stores as sent. */
const inCents = (n: number) => Math.round(n * 100) / 100 === n;

/** Typed text → a number of points, or `invalidMessage` (blank → `requiredMessage`). */
const pointsNumber = (requiredMessage: string, invalidMessage: string) =>
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, requiredMessage)),
    z.transform((input: string, ctx) => {
      const amount = parsePointsInput(input);
      if (amount !== null) return amount;
      ctx.issues.push({ code: 'custom', message: invalidMessage, input });
      return z.NEVER;
    }),
  );

const perOperation = (n: number) => Math.abs(n) <= POINTS_PER_OPERATION_MAX;

/** A points change: any decimal, negative takes away; not zero, whole cents, within the per-operation limit. */
export const pointsChange = z.pipe(
  pointsNumber(FORM_MESSAGES.pointsAndDescriptionRequired, FORM_MESSAGES.pointsInvalid),
  z.number().check(
    z.refine((n) => n !== 0, { error: FORM_MESSAGES.pointsNotZero, abort: true }),
    z.refine(perOperation, { error: FORM_MESSAGES.pointsPerOperation, abort: true }),
    z.refine(inCents, FORM_MESSAGES.pointsDecimals),
  ),
);

/** Points added through the QR link: at least 1, whole cents, within the per-operation limit. */
export const qrPoints = z.pipe(
  pointsNumber(FORM_MESSAGES.qrPointsMinimum, FORM_MESSAGES.qrPointsMinimum),
  z.number().check(
    z.refine((n) => n >= 1, { error: FORM_MESSAGES.qrPointsMinimum, abort: true }),
    z.refine(perOperation, { error: FORM_MESSAGES.pointsPerOperation, abort: true }),
    z.refine(inCents, FORM_MESSAGES.pointsDecimals),
  ),
);

/** The bonus threshold: a whole number of points from 1, digits only. */
export const bonusThreshold = z.pipe(
  z.string().check(z.trim(), z.refine((input) => /^\d+$/.test(input), { error: FORM_MESSAGES.bonusThresholdInvalid, abort: true })),
  z.transform((input: string) => Number(input)),
).check(z.refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= BONUS_THRESHOLD_MAX, FORM_MESSAGES.bonusThresholdInvalid));

/** A campaign's message: not blank, at most 160 characters once trimmed. */
export const campaignMessage = z.string().check(
  z.trim(),
  z.minLength(1, FORM_MESSAGES.messageEmpty),
  z.maxLength(CAMPAIGN_MESSAGE_MAX_LENGTH, FORM_MESSAGES.campaignMessageTooLong),
);

/** An e-mail campaign's message: not blank, at most 5 000 characters once trimmed (decision 074). */
export const emailCampaignMessage = z.string().check(
  z.trim(),
  z.minLength(1, FORM_MESSAGES.messageEmpty),
  z.maxLength(EMAIL_CAMPAIGN_MESSAGE_MAX_LENGTH, FORM_MESSAGES.emailCampaignMessageTooLong),
);

/** A WhatsApp to one card: not blank, at most 1600 characters once trimmed. */
export const whatsappMessage = z.string().check(
  z.trim(),
  z.minLength(1, FORM_MESSAGES.whatsappMessageRequired),
  z.maxLength(WHATSAPP_MESSAGE_MAX_LENGTH, FORM_MESSAGES.whatsappMessageTooLong),
);

/** The shop's colour, '#rrggbb' in any case (the API keeps it lower-case); blank: the default colour. */
export const brandColor = z.string().check(
  z.trim(),
  z.refine((color) => color === '' || /^#[0-9a-fA-F]{6}$/.test(color), FORM_MESSAGES.brandColorInvalid),
);

/** The most one sale may record, in cents: 100.000 € (the API's limit, decision 075). */
export const SALE_MAX_CENTS = 10_000_000;


/**
 * An amount in euro as a person in Italy types it — «23,50», «1.234,50», «1234», «23.50» (a dot followed by one or
 * two digits, as a phone's decimal keyboard writes it) — in cents, or the Italian message of what is wrong:
 * text, a thousands dot out of place («1.23,5»), more than two decimals, zero or less, more than 100.000 €.
 */
export function parseEuroAmount(input: string): { cents: number } | { error: string } {
  const text = input.trim().replace(/\s*€\s*/g, '').replace(/\s/g, '');
  if (text === '') return { error: FORM_MESSAGES.amountRequired };
  const match = /^(-?)([\d.]+?)(?:,(\d+))?$/.exec(text);
  if (!match) return { error: FORM_MESSAGES.amountInvalid };
  const sign = match[1];
  let [whole, decimals] = [match[2], match[3] ?? ''];
  if (decimals === '' && !text.includes(',') && /^\d+\.\d{1,2}$/.test(whole)) [whole, decimals] = whole.split('.');
  else if (whole.includes('.') && !/^\d{1,3}(\.\d{3})+$/.test(whole)) return { error: FORM_MESSAGES.amountInvalid };
  whole = whole.replace(/\./g, '');
  if (!/^\d+$/.test(whole)) return { error: FORM_MESSAGES.amountInvalid };
  if (decimals.length > 2) return { error: FORM_MESSAGES.amountDecimals };
  if (whole.length > 9) return { error: FORM_MESSAGES.amountTooLarge };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (sign === '-' || cents === 0) return { error: FORM_MESSAGES.amountNotPositive };
  if (cents > SALE_MAX_CENTS) return { error: FORM_MESSAGES.amountTooLarge };
  return { cents };
}

/** Cents in the API's canonical form: 2350 → '23.50'. */
export const canonicalAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
