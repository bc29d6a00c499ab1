import { wrapText } from '../wrapText';

/** Every character 1 unit wide: widths are lengths. */
const length = (text: string) => Array.from(text).length;

it('keeps a text that fits on one line', () => {
  expect(wrapText('https://x.it/a', 20, length)).toEqual(['https://x.it/a']);
});

it('breaks at the last separator of the line, every character kept in order', () => {
  const link = 'https://fidelity.example.it/loyalty-cards/create?business_id=bottega-artigiana';
  const lines = wrapText(link, 30, length);
  expect(lines.join('')).toBe(link);
  for (const line of lines) expect(length(line)).toBeLessThanOrEqual(30);
  // After '/', '&', '=' or a space; before '-', '.', '_', '?' or '#'.
  lines.slice(0, -1).forEach((line, i) => expect(/[/&= ]$/.test(line) || /^[-._?#]/.test(lines[i + 1])).toBe(true));
});

it('never ends a line with a hyphen, which reads as the printer’s and gets dropped: the next line starts with it', () => {
  const link = 'https://loyalty.example.it/loyalty-cards/create?business_id=default-business-id';
  const lines = wrapText(link, 76, length);
  expect(lines).toEqual(['https://loyalty.example.it/loyalty-cards/create?business_id=default-business', '-id']);
  for (const line of wrapText(link, 20, length)) expect(line.endsWith('-')).toBe(false);
});

it('cuts a part with no separator between characters, never inside a surrogate pair', () => {
  expect(wrapText('abcdefghij', 4, length)).toEqual(['abcd', 'efgh', 'ij']);
  expect(wrapText('🍕🍕🍕', 2, length)).toEqual(['🍕🍕', '🍕']);
});

it('ends even when not one character fits the width', () => {
  expect(wrapText('abc', 0, length)).toEqual(['a', 'b', 'c']);
});

it('prefers a long first line to a break near its start', () => {
  expect(wrapText('a/bcdefghijkl', 8, length)).toEqual(['a/bcdefg', 'hijkl']);
});
