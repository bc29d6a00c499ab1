/**
 * The loyalty program's settings as typed on the Premi screen: points or stamps, expiry, its
 * reminder, the birthday gift. `programRequest` makes the `PUT /rewards/business/{id}/program` body.
 */
import { canonicalAmount, parseEuroAmount, z } from '@loyalty/shared/forms';
import type { LoyaltyMode } from '../../../shared/loyaltyMode';
import type { Program, ProgramChange } from '../api';
import { isWholeIn, parseWholeText } from './wholeNumber';

export const PROGRAM_LIMITS = { expiryMonths: [1, 120], reminderDays: [1, 90], birthdayPoints: [0, 100_000] } as const;

/** The API's words for the same rules (api/src/messages.ts REWARD_MESSAGES). */
export const PROGRAM_MESSAGES = {
  expiryMonthsInvalid: 'La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120',
  reminderDaysInvalid: 'Il preavviso deve essere un numero intero di giorni tra 1 e 90',
  birthdayPointsInvalid: 'I punti di compleanno devono essere un numero intero tra 0 e 100.000',
  birthdayMessageTooLong: 'Il messaggio di compleanno può avere al massimo 1600 caratteri',
  birthdayPlaceholders: 'Il messaggio di compleanno può usare solo {nome}, {punti} e {negozio}',
  // The earning rule (decision 075; api/src/messages.ts EARNING_MESSAGES)
  earnPointsInvalid: 'Campo "punti guadagnati" non valido: un numero intero tra 1 e 10.000',
  visitPointsInvalid: 'Campo "punti per visita" non valido: un numero intero tra 1 e 10.000',
} as const;

export type EarningRule = Program['earning_rule'];
export type EarnRounding = Program['earn_rounding'];

export const BIRTHDAY_MESSAGE_MAX_LENGTH = 1600;

/** The default birthday text the API sends when the business wrote none (its placeholders in braces). */
export const DEFAULT_BIRTHDAY_MESSAGE = 'Buon compleanno {nome}! {negozio} ti regala {punti} punti.';
export const BIRTHDAY_PLACEHOLDERS = ['{nome}', '{punti}', '{negozio}'] as const;

/** Every '{…}' of the text is one of the placeholders. */
export function onlyKnownPlaceholders(text: string): boolean {
  return (text.match(/\{[^{}]*\}/g) ?? []).every((placeholder) => (BIRTHDAY_PLACEHOLDERS as readonly string[]).includes(placeholder));
}

export type ExpiryChoice = 'never' | 'months';

export interface ProgramForm {
  loyalty_mode: LoyaltyMode;
  expiry: ExpiryChoice;
  expiry_months: string;
  expiry_reminder_days: string;
  birthday_points: string;
  birthday_message: string;
  earning_rule: EarningRule;
  earn_points: string;
  /** Euro as typed: «1», «10», «2,50». */
  earn_every: string;
  earn_rounding: EarnRounding;
  /** Euro as typed; blank: no minimum. */
  min_spend: string;
  visit_points: string;
  visit_once_per_day: boolean;
}

const RULE_POINTS = [1, 10_000] as const;
const euroCents = (text: string) => {
  const parsed = parseEuroAmount(text);
  return 'cents' in parsed ? parsed.cents : null;
};
/** Cents as the form shows them: 100 → '1', 250 → '2,50'. */
const euroText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : canonicalAmount(cents).replace('.', ','));

const wholeIn = (text: string, [min, max]: readonly [number, number]) => isWholeIn(text, min, max);

export const programFormSchema = z
  .object({
    loyalty_mode: z.enum(['points', 'stamps']),
    expiry: z.enum(['never', 'months']),
    expiry_months: z.string(),
    expiry_reminder_days: z.string(),
    birthday_points: z.string(),
    birthday_message: z.string(),
    earning_rule: z.enum(['manual', 'per_euro', 'per_visit']),
    earn_points: z.string(),
    earn_every: z.string(),
    earn_rounding: z.enum(['down', 'nearest']),
    min_spend: z.string(),
    visit_points: z.string(),
    visit_once_per_day: z.boolean(),
  })
  .check(
    z.superRefine((form, ctx) => {
      const fail = (field: keyof ProgramForm, message: string) => ctx.issues.push({ code: 'custom', message, path: [field], input: form[field] });
      // Months and the reminder count only when points expire; otherwise what is typed there is not sent.
      if (form.expiry === 'months') {
        if (!wholeIn(form.expiry_months, PROGRAM_LIMITS.expiryMonths)) fail('expiry_months', PROGRAM_MESSAGES.expiryMonthsInvalid);
        if (!wholeIn(form.expiry_reminder_days, PROGRAM_LIMITS.reminderDays)) fail('expiry_reminder_days', PROGRAM_MESSAGES.reminderDaysInvalid);
      }
      if (!wholeIn(form.birthday_points, PROGRAM_LIMITS.birthdayPoints)) fail('birthday_points', PROGRAM_MESSAGES.birthdayPointsInvalid);
      // The rule's fields count only for its rule.
      if (form.earning_rule === 'per_euro') {
        if (!wholeIn(form.earn_points, RULE_POINTS)) fail('earn_points', PROGRAM_MESSAGES.earnPointsInvalid);
        const every = parseEuroAmount(form.earn_every);
        if ('error' in every) fail('earn_every', every.error);
        const minimum = form.min_spend.trim() === '' ? null : parseEuroAmount(form.min_spend);
        if (minimum && 'error' in minimum) fail('min_spend', minimum.error);
      }
      if (form.earning_rule === 'per_visit' && !wholeIn(form.visit_points, RULE_POINTS)) fail('visit_points', PROGRAM_MESSAGES.visitPointsInvalid);
      const message = form.birthday_message.trim();
      if (message.length > BIRTHDAY_MESSAGE_MAX_LENGTH) fail('birthday_message', PROGRAM_MESSAGES.birthdayMessageTooLong);
      else if (!onlyKnownPlaceholders(message)) fail('birthday_message', PROGRAM_MESSAGES.birthdayPlaceholders);
    }),
  );

/** The saved program in the form. */
export function programFormOf(program: Program): ProgramForm {
  return {
    loyalty_mode: program.loyalty_mode,
    expiry: program.expiry_months === null ? 'never' : 'months',
    expiry_months: program.expiry_months === null ? '12' : String(program.expiry_months),
    expiry_reminder_days: String(program.expiry_reminder_days),
    birthday_points: String(program.birthday_points),
    birthday_message: program.birthday_message ?? '',
    earning_rule: program.earning_rule,
    earn_points: String(program.earn_points),
    earn_every: euroText(program.earn_every_cents),
    earn_rounding: program.earn_rounding,
    min_spend: program.min_spend_cents === null ? '' : euroText(program.min_spend_cents),
    visit_points: String(program.visit_points),
    visit_once_per_day: program.visit_once_per_day,
  };
}

/** A count the schema let through, as the API takes it. */
const whole = (text: string) => parseWholeText(text) ?? Number.NaN;

/**
 * The whole program as the API takes it. 'Mai' sends `expiry_months: null` and keeps the saved reminder days;
 * a blank birthday message is null (the API's default text).
 */
export function programRequest(form: ProgramForm, saved: Program): ProgramChange {
  const message = form.birthday_message.trim();
  const expires = form.expiry === 'months';
  return {
    loyalty_mode: form.loyalty_mode,
    expiry_months: expires ? whole(form.expiry_months) : null,
    expiry_reminder_days: expires ? whole(form.expiry_reminder_days) : saved.expiry_reminder_days,
    birthday_points: whole(form.birthday_points),
    birthday_message: message === '' ? null : message,
    earning_rule: form.earning_rule,
    // The other rule's settings are kept as saved, for when the shop switches back.
    ...(form.earning_rule === 'per_euro'
      ? {
          earn_points: whole(form.earn_points),
          earn_every_cents: euroCents(form.earn_every) ?? saved.earn_every_cents,
          earn_rounding: form.earn_rounding,
          min_spend_cents: form.min_spend.trim() === '' ? null : (euroCents(form.min_spend) ?? saved.min_spend_cents),
        }
      : {}),
    ...(form.earning_rule === 'per_visit' ? { visit_points: whole(form.visit_points), visit_once_per_day: form.visit_once_per_day } : {}),
  };
}
