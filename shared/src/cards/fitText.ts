export const ELLIPSIS = '…';

/**
 * The longest prefix of `text` that fits `maxWidth` with an ellipsis appended, or `text` itself when it
 * fits whole. `measure` gives a string's width (a canvas context's measureText in the app, anything in
 * tests), so the rule is testable without a canvas. Cuts on code points, never inside a surrogate pair.
 */
export function fitText(text: string, maxWidth: number, measure: (value: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const characters = Array.from(text);
  // Binary search on the prefix length: measuring is the expensive part on a real canvas.
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(characters.slice(0, middle).join('').trimEnd() + ELLIPSIS) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join('').trimEnd() + ELLIPSIS;
}
