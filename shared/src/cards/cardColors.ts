/**
 * The card image's colours from the shop's colour (decision 042, amended): the same rule as the Apple Wallet
 * pass (api/src/features/wallet/apple-pass.ts `passColors`, which the API keeps on its side): white text or near-black
 * text, whichever contrasts more with the background (WCAG), so a light colour gets dark text.
 */

export interface CardColors {
  /** The background's linear gradient, top-left to bottom-right. */
  gradient: readonly [string, string];
  /** Names, stamps. */
  text: string;
  /** The footer: the text a quarter of the way towards the background. */
  muted: string;
}

type Rgb = { r: number; g: number; b: number };

/** The dashboard's dark blue card (what a card without a shop colour wears). */
export const DEFAULT_CARD_COLORS: CardColors = { gradient: ['#1e3a8a', '#1d4ed8'], text: '#ffffff', muted: '#bfdbfe' };

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
/** Tailwind's gray-900, as on the pass. */
const INK: Rgb = { r: 17, g: 24, b: 39 };

const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const mix = (from: Rgb, to: Rgb, amount: number): Rgb => ({
  r: Math.round(from.r + (to.r - from.r) * amount),
  g: Math.round(from.g + (to.g - from.g) * amount),
  b: Math.round(from.b + (to.b - from.b) * amount),
});

/** WCAG's relative luminance of an sRGB colour (0 black to 1 white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** '#rrggbb' (any case) to its channels; anything else: null. */
export function parseHexColor(value: string | null | undefined): Rgb | null {
  const match = value ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim()) : null;
  return match ? { r: parseInt(match[1], 16), g: parseInt(match[2], 16), b: parseInt(match[3], 16) } : null;
}

/** The card's colours for a shop colour; null, left out or not '#rrggbb': the dark blue card. */
export function cardColors(brandColor?: string | null): CardColors {
  const background = parseHexColor(brandColor);
  if (!background) return DEFAULT_CARD_COLORS;
  const darkText = contrastRatio(INK, background) > contrastRatio(WHITE, background);
  const text = darkText ? INK : WHITE;
  // A gentle gradient, as the default card's: a little darker towards the bottom right on a light colour
  // (dark text), a little lighter on a dark one (white text); the text keeps reading on both ends.
  const end = mix(background, darkText ? BLACK : WHITE, 0.12);
  return { gradient: [hex(background), hex(end)], text: hex(text), muted: hex(mix(text, background, 0.25)) };
}
