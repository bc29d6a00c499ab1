/**
 * Points, averages and counts the Italian way, one style on every screen: thousands always grouped
 * ("4.017,5" beside "167,40", never "4017,5" beside "167.40"). Italian CLDR data groups only from five
 * digits ("4017,5"), so every formatter here sets `useGrouping: 'always'` (Chromium 106+, Node 20).
 *
 * The formatters are built on first use, not when the module loads: the first Intl formatter of a page
 * loads the locale data (30–70 ms on a desktop), and @loyalty/shared is loaded by every page, the
 * landing included, which shows none of these numbers.
 */
import { lazily } from './lazily';

const pointsFormat = lazily(() => new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 2 }));
const averageFormat = lazily(
  () => new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const countFormat = lazily(() => new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 0 }));

/** A balance or an amount of points, up to two decimals: 4017.5 → '4.017,5'. */
export function formatPoints(points: number): string {
  return pointsFormat().format(points);
}

/** Points with an explicit sign, for a change of balance: 7.5 → '+7,5', -20 → '-20'. */
export function formatPointsChange(points: number): string {
  return points > 0 ? `+${formatPoints(points)}` : formatPoints(points);
}

/**
 * The overview's average balance: whole when every balance is whole (837 over 5 cards → '167', like the tiles
 * beside it), two decimals when the balances have decimals (4017.5 over 24 → '167,40'); '0' without cards.
 */
export function formatAveragePoints(totalPoints: number, totalCards: number): string {
  if (totalCards <= 0) return '0';
  if (Number.isInteger(totalPoints)) return countFormat().format(totalPoints / totalCards);
  return averageFormat().format(totalPoints / totalCards);
}

/** The singular and plural of what is counted, e.g. { one: 'carta', other: 'carte' }. */
export interface CountNoun {
  one: string;
  other: string;
}

/** A whole number of things: 1234 → '1.234'; with a noun, '1 carta' / '1.234 carte'. */
export function formatCount(count: number, noun?: CountNoun): string {
  const number = countFormat().format(count);
  if (!noun) return number;
  return `${number} ${count === 1 ? noun.one : noun.other}`;
}

/**
 * Prices and amounts in whole euros, the product's one money style: '20 €', '2.500 €', '12.000 €'
 * (Intl it-IT, EUR, no decimals, grouping always; a no-break space before the sign). No screen shows
 * cents: the plans cost 20 and 30 euros a month and the landing's samples are whole euros; a cent
 * amount would be rounded half away from zero, as Intl rounds.
 *
 * Written out by hand rather than with Intl, because the landing shows prices on its first paint and
 * the first Intl formatter of a page loads the locale data there (decision 020). The test compares it
 * with Intl over a range of amounts.
 */
export function formatEuro(amount: number): string {
  const whole = Math.round(Math.abs(amount)); // half away from zero, like Intl's default rounding
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${amount < 0 && whole > 0 ? '-' : ''}${grouped}\u00a0€`;
}
