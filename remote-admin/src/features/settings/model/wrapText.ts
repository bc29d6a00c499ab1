/**
 * `text` in lines no wider than `maxWidth`, every character kept in order: joined, the lines give `text` back
 * exactly. Meant for links printed under a QR code, which must never lose a character: a line breaks at the last
 * place that fits, after '/', '&', '=' or a space, or before '-', '.', '_', '?' or '#' (the Chicago Manual of
 * Style's rule for URLs: a line ending in '-' reads as a word hyphenated by the printer, and the one typing it
 * drops it — a new user saw «…business_id=default-business-» / «id» on the poster); else (one long part) between
 * any two characters. `measure` gives a string's width (a canvas context's measureText, a PDF font's width), as for
 * shared's fitText.
 */
const BREAK_AFTER = new Set(['/', '&', '=', ' ']);
const BREAK_BEFORE = new Set(['-', '.', '_', '?', '#']);

export function wrapText(text: string, maxWidth: number, measure: (value: string) => number): string[] {
  const characters = Array.from(text);
  const lines: string[] = [];
  let start = 0;
  while (start < characters.length) {
    // The longest run from `start` that fits (at least one character, so a too-narrow width still ends).
    let end = start + 1;
    while (end < characters.length && measure(characters.slice(start, end + 1).join('')) <= maxWidth) end += 1;
    if (end < characters.length) {
      let breakAt = end;
      while (breakAt > start + 1 && !BREAK_AFTER.has(characters[breakAt - 1]) && !BREAK_BEFORE.has(characters[breakAt])) breakAt -= 1;
      // Only a separator in the line's second half: breaking earlier would leave a short ragged line.
      if (breakAt > start + 1 && breakAt - start >= (end - start) / 2) end = breakAt;
    }
    lines.push(characters.slice(start, end).join(''));
    start = end;
  }
  return lines;
}
