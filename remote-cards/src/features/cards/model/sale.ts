/**
 * The counter's sale (docs/decisions/075-points-from-the-sale.md): the amount as typed in Italy and how much money
 * reads on screen (the key of one submission: shared's useChange).
 */
import { formatDecimal } from '@loyalty/shared';

export { canonicalAmount, parseEuroAmount } from '@loyalty/shared/forms';

/** Cents the Italian way: 123450 → '1.234,50 €' (shared's formatDecimal: no Intl formatter on the counter, decision 096). */
export const formatCents = (cents: number) => `${formatDecimal(cents / 100, 2)} €`;

/**
 * From this amount on (1.000 €) the counter asks «Importo alto» before the sale is sent: «2350» typed for «23,50», or
 * «1.000» read the Italian way, would otherwise credit thousands of points in one tap. It only asks — the API's own
 * limit stays 100.000 € — so a shop where such sales are usual pays one tap more on them.
 */
export const LARGE_SALE_CENTS = 100_000;
