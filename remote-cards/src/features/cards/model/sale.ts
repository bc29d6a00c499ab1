/**
 * The counter's sale (docs/decisions/075-points-from-the-sale.md): the amount as typed in Italy, the key of one
 * submission, and how much money reads on screen.
 */
export { canonicalAmount, parseEuroAmount } from '@loyalty/shared/forms';

/**
 * A new idempotency key for one submission: 128 random bits in hex. `getRandomValues` works on a plain-http
 * address too (a shop's LAN), where `randomUUID` does not exist.
 */
export function newSaleKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sale-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const EURO = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
/** Cents the Italian way: 123450 → '1.234,50 €'. */
export const formatCents = (cents: number) => `${EURO.format(cents / 100)} €`;
