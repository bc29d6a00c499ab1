/**
 * A promotion as typed in «Nuova promozione» on the Premi screen (decision 075), its rules and the body the API
 * takes. The rules are the API's (api/src/features/rewards/schemas.ts `promotionFields`, routes.ts
 * `promotionProblem`), checked before sending and said beside the field, naming it by its label.
 */
import { parsePointsInput, requiredText, z } from '@loyalty/shared/forms';
import type { NewPromotion } from '../api';
import { REWARD_MESSAGES } from './rewardForm';
import { isWholeIn, parseWholeText } from './wholeNumber';

/** The API's rules in the words of the form: each field named as its label shows it. */
export const PROMOTION_MESSAGES = {
  nameRequired: 'Il nome della promozione è obbligatorio',
  nameTooLong: 'Il nome della promozione può avere al massimo 200 caratteri',
  multiplierInvalid: 'Il moltiplicatore deve essere un numero maggiore di 1 e al massimo 10, con al massimo due decimali (per esempio 2 o 1,5)',
  bonusInvalid: 'I punti extra devono essere un numero intero tra 1 e 10.000',
  dateInvalid: REWARD_MESSAGES.dateInvalid,
  datesOrder: 'La data «Al» non può precedere quella «Dal»',
  timeInvalid: 'L’orario deve essere nel formato HH:MM',
  hoursBoth: 'Indica sia «Dalle» che «Alle», oppure nessuno dei due orari',
  timesOrder: 'L’orario «Alle» deve venire dopo quello «Dalle»',
} as const;

/** The API's limits: a multiplier more than 1 and at most 10, extra points from 1 to 10.000, a name of 200 characters. */
export const PROMOTION_LIMITS = { multiplier: [1, 10], bonusPoints: [1, 10_000], nameMaxLength: 200 } as const;

export type PromotionKind = 'multiplier' | 'bonus';

export interface PromotionForm {
  name: string;
  kind: PromotionKind;
  /** The multiplier («2», «1,5») or the extra points («20»), as typed. */
  value: string;
  starts_on: string;
  ends_on: string;
  /** The checked days, '1' (lunedì) … '7' (domenica); none: every day. */
  weekdays: string[];
  start_time: string;
  end_time: string;
}

/** What the form starts from: doppi punti, every day. */
export const EMPTY_PROMOTION_FORM: PromotionForm = { name: '', kind: 'multiplier', value: '2', starts_on: '', ends_on: '', weekdays: [], start_time: '', end_time: '' };

/** The value a kind starts from when chosen. */
export const defaultValueOf = (kind: PromotionKind) => (kind === 'multiplier' ? '2' : '20');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The API's `HH:MM`, 00:00 to 23:59. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** More than 1, at most 10, whole hundredths: the API's test, on the number it would receive. */
function isMultiplier(n: number): boolean {
  const [min, max] = PROMOTION_LIMITS.multiplier;
  return n > min && n <= max && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;
}

/** A whole number of extra points (as the program's counts, «1.000» too), from 1 to 10.000. */
function isBonus(text: string): boolean {
  const [min, max] = PROMOTION_LIMITS.bonusPoints;
  return isWholeIn(text, min, max);
}

export const promotionFormSchema = z
  .object({
    name: requiredText(PROMOTION_MESSAGES.nameRequired).check(z.maxLength(PROMOTION_LIMITS.nameMaxLength, PROMOTION_MESSAGES.nameTooLong)),
    kind: z.enum(['multiplier', 'bonus']),
    value: z.string(),
    starts_on: z.string(),
    ends_on: z.string(),
    weekdays: z.array(z.string()),
    start_time: z.string(),
    end_time: z.string(),
  })
  .check(
    z.superRefine((form, ctx) => {
      const fail = (field: keyof PromotionForm, message: string) => ctx.issues.push({ code: 'custom', message, path: [field], input: form[field] });
      const value = form.value.trim();
      if (form.kind === 'multiplier') {
        const multiplier = parsePointsInput(value);
        if (multiplier === null || !isMultiplier(multiplier)) fail('value', PROMOTION_MESSAGES.multiplierInvalid);
      } else if (!isBonus(value)) {
        fail('value', PROMOTION_MESSAGES.bonusInvalid);
      }
      // 'YYYY-MM-DD' and 'HH:MM' compare as the days and times they are.
      const datesValid = [form.starts_on, form.ends_on].map((date) => date === '' || DATE.test(date));
      if (!datesValid[0]) fail('starts_on', PROMOTION_MESSAGES.dateInvalid);
      if (!datesValid[1]) fail('ends_on', PROMOTION_MESSAGES.dateInvalid);
      if (datesValid.every(Boolean) && form.starts_on && form.ends_on && form.ends_on < form.starts_on) fail('ends_on', PROMOTION_MESSAGES.datesOrder);
      const timesValid = [form.start_time, form.end_time].map((time) => time === '' || TIME.test(time));
      if (!timesValid[0]) fail('start_time', PROMOTION_MESSAGES.timeInvalid);
      if (!timesValid[1]) fail('end_time', PROMOTION_MESSAGES.timeInvalid);
      if (timesValid.every(Boolean)) {
        // Hours go together: the message goes beside the one left blank.
        if (form.start_time && !form.end_time) fail('end_time', PROMOTION_MESSAGES.hoursBoth);
        else if (!form.start_time && form.end_time) fail('start_time', PROMOTION_MESSAGES.hoursBoth);
        else if (form.start_time && form.end_time && form.end_time <= form.start_time) fail('end_time', PROMOTION_MESSAGES.timesOrder);
      }
    }),
  );

/** The API's body (`POST /rewards/promotions`): blanks are null, no day checked is every day. */
export function promotionRequest(businessId: string, form: PromotionForm): NewPromotion {
  const value = form.value.trim();
  return {
    businessId,
    name: form.name.trim(),
    ...(form.kind === 'multiplier' ? { multiplier: parsePointsInput(value) ?? Number.NaN } : { bonus_points: parseWholeText(value) ?? Number.NaN }),
    starts_on: form.starts_on || null,
    ends_on: form.ends_on || null,
    weekdays: form.weekdays.length > 0 ? form.weekdays.map(Number).sort((a, b) => a - b) : null,
    start_time: form.start_time || null,
    end_time: form.end_time || null,
  };
}
