import { ELLIPSIS, fitText } from '../fitText';

/** Every character 10 px wide: easy to reason about, like a monospaced font. */
const tenPixelsEach = (text: string) => Array.from(text).length * 10;

describe('fitText', () => {
  it('keeps a text that fits whole, including one exactly as wide as the limit', () => {
    expect(fitText('Bar', 150, tenPixelsEach)).toBe('Bar');
    expect(fitText('Bar Centrale 12', 150, tenPixelsEach)).toBe('Bar Centrale 12');
  });

  it('cuts a longer text so that it and the ellipsis fit', () => {
    const fitted = fitText('Profumeria Bella di Milano', 150, tenPixelsEach);
    expect(fitted).toBe(`Profumeria Bel${ELLIPSIS}`);
    expect(tenPixelsEach(fitted)).toBeLessThanOrEqual(150);
  });

  it('drops spaces left before the ellipsis', () => {
    expect(fitText('Bar Centrale Roma', 50, tenPixelsEach)).toBe(`Bar${ELLIPSIS}`);
  });

  it('never splits a character made of two code units', () => {
    expect(fitText('😀😀😀😀', 30, tenPixelsEach)).toBe(`😀😀${ELLIPSIS}`);
  });

  it('leaves only the ellipsis when not even one character fits', () => {
    expect(fitText('Bar', 5, tenPixelsEach)).toBe(ELLIPSIS);
  });

  it('works with proportional widths', () => {
    const wide = (text: string) => Array.from(text).reduce((sum, c) => sum + (c === 'W' ? 30 : 5), 0);
    expect(fitText('WWWWWiii', 100, wide)).toBe(`WWW${ELLIPSIS}`);
  });
});
