/**
 * A points amount typed by a person: '12,5' or '12.5' → 12.5; anything else → null. One rule, in shared's form rules.
 * Stamps (issue 20) are whole numbers: the stamp rules below read only digits and say 'timbri'.
 */
import { FORM_MESSAGES, POINTS_PER_OPERATION_MAX, pointsChange, qrPoints, requiredText, z } from '@loyalty/shared/forms';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';

export { parsePointsInput } from '@loyalty/shared/forms';

export const STAMP_MESSAGES = {
  bothRequired: 'Compila sia timbri che descrizione',
  invalid: 'I timbri sono numeri interi: inserisci ad esempio 1 o -2',
  notZero: 'I timbri non possono essere zero',
  perOperation: `Puoi aggiungere o togliere al massimo ${formatAmount(POINTS_PER_OPERATION_MAX, 'stamps')} per operazione`,
  qrMinimum: 'Inserisci almeno 1 timbro',
  /** The API's refusal of a fractional stamp on the QR page (api/src/messages.ts). */
  qrWhole: 'In modalità timbri puoi aggiungere solo timbri interi (almeno 1)',
} as const;

/** Typed text → a whole number of stamps (a sign allowed), or `invalidMessage` (blank → `requiredMessage`). */
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
  stampsNumber(STAMP_MESSAGES.bothRequired, STAMP_MESSAGES.invalid),
  z.number().check(
    z.refine((n) => n !== 0, { error: STAMP_MESSAGES.notZero, abort: true }),
    z.refine(perOperation, STAMP_MESSAGES.perOperation),
  ),
);

const qrStamps = z.pipe(
  stampsNumber(STAMP_MESSAGES.qrMinimum, STAMP_MESSAGES.qrWhole),
  z.number().check(
    z.refine((n) => n >= 1, { error: STAMP_MESSAGES.qrMinimum, abort: true }),
    z.refine(perOperation, STAMP_MESSAGES.perOperation),
  ),
);

/** A card row's update form (SPEC §5): both fields, the amount by the business's mode. */
export function pointsFormSchema(mode: LoyaltyMode) {
  const bothRequired = mode === 'stamps' ? STAMP_MESSAGES.bothRequired : FORM_MESSAGES.pointsAndDescriptionRequired;
  return z.object({ points: mode === 'stamps' ? stampsChange : pointsChange, description: requiredText(bothRequired) });
}

/** The messages a card row's form falls back on: fill in both, an amount that is not one. */
export function pointsFormMessages(mode: LoyaltyMode): { bothRequired: string; invalid: string } {
  return mode === 'stamps'
    ? { bothRequired: STAMP_MESSAGES.bothRequired, invalid: STAMP_MESSAGES.invalid }
    : { bothRequired: FORM_MESSAGES.pointsAndDescriptionRequired, invalid: FORM_MESSAGES.pointsInvalid };
}

/** The QR page's form (SPEC §5: at least 1; default 50 points, or 1 stamp). */
export function addPointsSchema(mode: LoyaltyMode) {
  return z.object({ points: mode === 'stamps' ? qrStamps : qrPoints });
}

export const DEFAULT_QR_STAMPS = 1;
