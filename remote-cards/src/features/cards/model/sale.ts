/**
 * The counter's sale (docs/decisions/075-points-from-the-sale.md): the amount as typed in Italy, the key of one
 * submission, and how much money reads on screen.
 */
export { canonicalAmount, parseEuroAmount } from '@loyalty/shared/forms';

import { newIdempotencyKey } from '../../../shared/idempotencyKey';

/** A new idempotency key for one sale. */
export const newSaleKey = (): string => newIdempotencyKey('sale');

const EURO = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
/** Cents the Italian way: 123450 → '1.234,50 €'. */
export const formatCents = (cents: number) => `${EURO.format(cents / 100)} €`;
