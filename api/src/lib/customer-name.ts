/**
 * The one rule for a customer's name on a card, whoever writes it: the dashboard's new card, the public signup and
 * the import of a CSV or Excel file. A name that a spreadsheet would run as a formula (`=1+1`,
 * `+39…`, `-2`, `@SUM`) is no one's name: refused with the same Italian sentence on every path.
 */
import { NAME_MESSAGES } from '../messages';

export const CUSTOMER_NAME_MAX = 200;

/** What PostgreSQL cannot store, and control characters that have no place in a name. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@]/;

/** Null for a good (trimmed, non-empty) name, else why it is refused, in Italian. */
export function customerNameProblem(name: string): string | null {
  if (name.length > CUSTOMER_NAME_MAX) return NAME_MESSAGES.tooLong;
  if (CONTROL_CHARACTER.test(name)) return NAME_MESSAGES.invalid;
  if (FORMULA_START.test(name)) return NAME_MESSAGES.formula;
  return null;
}
