/** The card image's colours from the shop's colour: readable text on any colour (decision 042, amended). */
import { cardColors, contrastRatio, DEFAULT_CARD_COLORS, parseHexColor, relativeLuminance } from '../cardColors';

const rgb = (hex: string) => parseHexColor(hex)!;

it('computes WCAG’s luminance and contrast', () => {
  expect(relativeLuminance(rgb('#000000'))).toBe(0);
  expect(relativeLuminance(rgb('#ffffff'))).toBeCloseTo(1, 10);
  expect(contrastRatio(rgb('#000000'), rgb('#ffffff'))).toBeCloseTo(21, 10);
  expect(contrastRatio(rgb('#777777'), rgb('#777777'))).toBe(1);
});

it('keeps the dark blue card without a valid colour', () => {
  for (const value of [undefined, null, '', 'blu', '#12345', '#1234567', 'rgb(1,2,3)']) expect(cardColors(value)).toBe(DEFAULT_CARD_COLORS);
});

it.each([
  ['#1e3a8a', '#ffffff'],
  ['#7f1d1d', '#ffffff'],
  ['#000000', '#ffffff'],
  ['#0f766e', '#ffffff'],
  ['#ffffff', '#111827'],
  ['#f5e6c8', '#111827'],
  ['#FACC15', '#111827'],
  ['#a3e635', '#111827'],
])('on %s the text is %s, readable at both ends of the gradient', (color, text) => {
  const colors = cardColors(color);
  expect(colors.gradient[0]).toBe(color.toLowerCase());
  expect(colors.text).toBe(text);
  // Dark text exactly when the colour is light (high luminance).
  expect(colors.text === '#111827').toBe(relativeLuminance(rgb(color)) > 0.2);
  // The text passes WCAG AA for large text (the card's names are 18–26 px bold) on both gradient stops.
  for (const stop of colors.gradient) expect(contrastRatio(rgb(colors.text), rgb(stop))).toBeGreaterThanOrEqual(3);
  expect(contrastRatio(rgb(colors.muted), rgb(colors.gradient[0]))).toBeGreaterThanOrEqual(2);
});
