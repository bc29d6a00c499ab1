/**
 * Points, averages and counts the Italian way, one style on every screen: thousands always grouped
 * ("4.017,5" beside "167,40", never "4017,5" beside "167.40"), as Intl.NumberFormat('it-IT') writes them with
 * `useGrouping: 'always'` (Italian CLDR data alone groups only from five digits).
 *
 * Written out by hand rather than with Intl (decision 096): the first Intl formatter a page builds loads ICU's
 * data, 150–260 ms of the main thread on a phone (Chromium at 4× CPU, the first formatter of any kind; the next
 * ones 1–40 ms), and it was built inside the render of every dashboard screen's first content, one long task the
 * more. The landing's prices were already written this way (decision 020). The tests compare every function here
 * with Intl over thousands of values.
 */

/** The digits of a number ≥ 0 as JavaScript writes it shortest (the value Intl rounds), the point moved right by `shift`. */
function decimalDigits(abs: number, shift: number): { whole: string; fraction: string } {
  const text = String(abs);
  if (text.includes('e')) {
    // Below 1e-6 (1e21 and above never reach here): it rounds to 0 at up to six decimals, all a caller may ask for.
    return { whole: '0', fraction: '' };
  }
  const [whole, fraction = ''] = text.split('.');
  const padded = fraction.padEnd(shift, '0');
  return { whole: `${whole}${padded.slice(0, shift)}`.replace(/^0+(?=\d)/, ''), fraction: padded.slice(shift) };
}

/**
 * A number with `minFraction` to `maxFraction` decimals, Italian separators, thousands always grouped:
 * formatDecimal(4017.5, 0, 2) → '4.017,5', formatDecimal(12.5, 2) → '12,50'. Rounds as Intl does: half away from zero on the
 * shortest decimal that writes the number (1.005 → '1,01'). `shift` moves the point first (2 for a percentage);
 * `maxFraction` + `shift` at most 6.
 */
export function formatDecimal(value: number, minFraction = 0, maxFraction = minFraction, shift = 0): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const { whole, fraction } = decimalDigits(Math.abs(value), shift);
  let kept = `${whole}${fraction.slice(0, maxFraction).padEnd(maxFraction, '0')}`;
  if ((fraction[maxFraction] ?? '0') >= '5') kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  const integer = kept.slice(0, kept.length - maxFraction) || '0';
  let decimals = kept.slice(kept.length - maxFraction);
  while (decimals.length > minFraction && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, '.');
  // Intl writes the sign of every negative number, -0 and those that round to 0 included.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** A balance or an amount of points, up to two decimals: 4017.5 → '4.017,5'. */
export function formatPoints(points: number): string {
  return formatDecimal(points, 0, 2);
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
  if (Number.isInteger(totalPoints)) return formatDecimal(totalPoints / totalCards);
  return formatDecimal(totalPoints / totalCards, 2);
}

/** The singular and plural of what is counted, e.g. { one: 'carta', other: 'carte' }. */
export interface CountNoun {
  one: string;
  other: string;
}

/** A whole number of things: 1234 → '1.234'; with a noun, '1 carta' / '1.234 carte'. */
export function formatCount(count: number, noun?: CountNoun): string {
  const number = formatDecimal(count);
  if (!noun) return number;
  return `${number} ${count === 1 ? noun.one : noun.other}`;
}

/**
 * Prices and amounts in whole euros, the product's one money style: '20 €', '2.500 €', '12.000 €'
 * (Intl it-IT, EUR, no decimals, grouping always; a no-break space before the sign). No screen shows
 * cents: the plans cost 20 and 30 euros a month and the landing's samples are whole euros; a cent
 * amount would be rounded half away from zero, as Intl rounds.
 *
 * Written out by hand, like the rest of this file: the landing shows prices on its first paint (decision 020).
 */
export function formatEuro(amount: number): string {
  const whole = formatDecimal(amount);
  // A price never reads '-0 €' (Intl would write it for -0.4).
  return `${whole === '-0' ? '0' : whole}\u00a0€`;
}
