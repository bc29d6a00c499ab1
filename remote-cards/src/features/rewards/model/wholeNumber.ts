/**
 * Whole numbers as the rewards screens' fields take them (a reward's cost and stock, the program's counts, a
 * promotion's extra points): «1000» or «1.000», a dot between groups of three digits, as the dashboard itself
 * writes «1.000 punti». One rule for every such field, so none refuses what another takes.
 */

/** The number typed, or null for anything else («1.5», «1.00», «2,5», «-3», blank). */
export function parseWholeText(text: string): number | null {
  const trimmed = text.trim();
  return /^(\d+|\d{1,3}(\.\d{3})+)$/.test(trimmed) ? Number(trimmed.replace(/\./g, '')) : null;
}

/** Whether the text is a whole number from `min` to `max`. */
export function isWholeIn(text: string, min: number, max: number): boolean {
  const n = parseWholeText(text);
  return n !== null && n >= min && n <= max;
}
