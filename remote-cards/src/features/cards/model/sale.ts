/**
 * The counter's sale (docs/decisions/075-points-from-the-sale.md): the amount as typed in Italy and how much money
 * reads on screen (the key of one submission: shared's useChange).
 */
export { canonicalAmount, parseEuroAmount } from '@loyalty/shared/forms';

const EURO = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
/** Cents the Italian way: 123450 → '1.234,50 €'. */
export const formatCents = (cents: number) => `${EURO.format(cents / 100)} €`;
