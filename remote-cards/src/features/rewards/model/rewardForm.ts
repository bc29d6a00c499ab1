/**
 * A reward of the catalogue as typed in its dialog, and the body the API takes. The form keeps what
 * a person types (strings); `rewardRequest` turns it into `POST /rewards` / `PUT /rewards/{id}`.
 */
import { requiredText, z } from '@loyalty/shared/forms';
import type { NewReward, Reward, RewardChange } from '../api';
import { isWholeIn, parseWholeText } from './wholeNumber';

/** The API's words for the same rules (api/src/messages.ts REWARD_MESSAGES), so either side says the same. */
export const REWARD_MESSAGES = {
  nameRequired: 'Il nome del premio è obbligatorio',
  costInvalid: 'Il costo deve essere un numero intero di almeno 1',
  stockInvalid: 'I pezzi disponibili devono essere un numero intero di almeno 0',
  dateInvalid: 'La data deve essere nel formato AAAA-MM-GG',
  datesOrder: 'La data di fine validità non può precedere quella di inizio',
} as const;

/** The largest cost and stock the form lets through; the API has the last word. */
const MAX_WHOLE = 1_000_000_000;

export interface RewardForm {
  name: string;
  cost: string;
  description: string;
  active: boolean;
  valid_from: string;
  valid_until: string;
  stock: string;
}

export const EMPTY_REWARD_FORM: RewardForm = { name: '', cost: '', description: '', active: true, valid_from: '', valid_until: '', stock: '' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isWhole = (text: string, min: number) => isWholeIn(text, min, MAX_WHOLE);

/** A whole number typed from `min`, or (optional) blank. */
const wholeText = (min: number, message: string, optional = false) =>
  z.string().check(z.trim(), z.refine((text) => (optional && text === '') || isWhole(text, min), message));

const dateText = z.string().check(z.refine((text) => text === '' || DATE.test(text), REWARD_MESSAGES.dateInvalid));

/** The dialog's rules: a name, a whole cost from 1, a whole stock from 0 or blank, dates in order. */
export const rewardFormSchema = z
  .object({
    name: requiredText(REWARD_MESSAGES.nameRequired),
    cost: wholeText(1, REWARD_MESSAGES.costInvalid),
    description: z.string(),
    active: z.boolean(),
    valid_from: dateText,
    valid_until: dateText,
    stock: wholeText(0, REWARD_MESSAGES.stockInvalid, true),
  })
  .check(
    z.superRefine((form, ctx) => {
      // 'YYYY-MM-DD' strings compare as the dates they are.
      if (form.valid_from && form.valid_until && form.valid_until < form.valid_from) {
        ctx.issues.push({ code: 'custom', message: REWARD_MESSAGES.datesOrder, path: ['valid_until'], input: form.valid_until });
      }
    }),
  );

/** A saved reward in the dialog, to edit it. */
export function rewardFormOf(reward: Reward): RewardForm {
  return {
    name: reward.name,
    cost: String(reward.cost),
    description: reward.description ?? '',
    active: reward.active,
    valid_from: reward.valid_from ?? '',
    valid_until: reward.valid_until ?? '',
    stock: reward.stock === null ? '' : String(reward.stock),
  };
}

/**
 * The API's body: blanks are null (no description, no date, unlimited stock), so an edit that empties a
 * field clears it.
 */
export function rewardRequest(form: RewardForm): RewardChange & Pick<NewReward, 'name' | 'cost'> {
  const blankIsNull = (text: string) => (text.trim() === '' ? null : text.trim());
  const stock = form.stock.trim();
  return {
    name: form.name.trim(),
    cost: parseWholeText(form.cost) ?? Number.NaN,
    description: blankIsNull(form.description),
    active: form.active,
    valid_from: blankIsNull(form.valid_from),
    valid_until: blankIsNull(form.valid_until),
    stock: stock === '' ? null : (parseWholeText(stock) ?? Number.NaN),
  };
}
