/**
 * A points amount typed by a person: '12,5' or '12.5' → 12.5; anything else → null. One rule, in shared's form rules.
 * Stamps are whole numbers and are only ever added (the API refuses anything else, decision 036): the
 * stamp rules below read only digits and say 'timbri'.
 */
import { FORM_MESSAGES, POINTS_PER_OPERATION_MAX, pointsChange, qrPoints, requiredText, z } from '@loyalty/shared/forms';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';

export { parsePointsInput } from '@loyalty/shared/forms';

export const STAMP_MESSAGES = {
  bothRequired: 'Compila sia timbri che descrizione',
  /** The API's refusal of a fractional, zero or negative stamp change (api/src/messages.ts). */
  whole: 'In modalità timbri puoi aggiungere solo timbri interi (almeno 1)',
  perOperation: `Puoi aggiungere al massimo ${formatAmount(POINTS_PER_OPERATION_MAX, 'stamps')} per operazione`,
  qrMinimum: 'Inserisci almeno 1 timbro',
} as const;

/** Typed text → a whole number (a sign allowed, checked after), or `invalidMessage` (blank → `requiredMessage`). */
const stampsNumber = (requiredMessage: string, invalidMessage: string) =>
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, requiredMessage)),
    z.transform((input: string, ctx) => {
      if (/^-?\d+$/.test(input)) return Number(input);
      ctx.issues.push({ code: 'custom', message: invalidMessage, input });
      return z.NEVER;
    }),
  );

const perOperation = (n: number) => Math.abs(n) <= POINTS_PER_OPERATION_MAX;

const stampsChange = z.pipe(
  stampsNumber(STAMP_MESSAGES.bothRequired, STAMP_MESSAGES.whole),
  z.number().check(
    z.refine((n) => n >= 1, { error: STAMP_MESSAGES.whole, abort: true }),
    z.refine(perOperation, STAMP_MESSAGES.perOperation),
  ),
);

const qrStamps = z.pipe(
  stampsNumber(STAMP_MESSAGES.qrMinimum, STAMP_MESSAGES.whole),
  z.number().check(
    z.refine((n) => n >= 1, { error: STAMP_MESSAGES.qrMinimum, abort: true }),
    z.refine(perOperation, STAMP_MESSAGES.perOperation),
  ),
);

/** A card row's update form: both fields required, the amount by the business's mode. */
export function pointsFormSchema(mode: LoyaltyMode) {
  const bothRequired = mode === 'stamps' ? STAMP_MESSAGES.bothRequired : FORM_MESSAGES.pointsAndDescriptionRequired;
  return z.object({ points: mode === 'stamps' ? stampsChange : pointsChange, description: requiredText(bothRequired) });
}

/** The messages a card row's form falls back on: fill in both, an amount that is not one. */
export function pointsFormMessages(mode: LoyaltyMode): { bothRequired: string; invalid: string } {
  return mode === 'stamps'
    ? { bothRequired: STAMP_MESSAGES.bothRequired, invalid: STAMP_MESSAGES.whole }
    : { bothRequired: FORM_MESSAGES.pointsAndDescriptionRequired, invalid: FORM_MESSAGES.pointsInvalid };
}

/** The QR page's form: at least 1; default 50 points, or 1 stamp. */
export function addPointsSchema(mode: LoyaltyMode) {
  return z.object({ points: mode === 'stamps' ? qrStamps : qrPoints });
}

export const DEFAULT_QR_STAMPS = 1;
