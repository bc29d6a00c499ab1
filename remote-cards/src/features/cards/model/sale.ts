/**
 * The counter's sale (docs/decisions/075-points-from-the-sale.md): the amount as typed in Italy and how much money
 * reads on screen (the key of one submission: shared's useChange).
 */
import { formatDecimal } from '@loyalty/shared';

export { canonicalAmount, parseEuroAmount } from '@loyalty/shared/forms';

/** Cents the Italian way: 123450 → '1.234,50 €' (shared's formatDecimal: no Intl formatter on the counter, decision 096). */
export const formatCents = (cents: number) => `${formatDecimal(cents / 100, 2)} €`;
