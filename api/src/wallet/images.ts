/**
 * Issue 21: the wallets' images until shops upload their own: the Apple pass's solid icon and logo (decision 040)
 * and the Google loyalty class's `programLogo` (decision 044), all in the shop's colour. PNGs are written with
 * Node's zlib (deflate and CRC-32): truecolour, 8 bits, no library needed for a few flat shapes.
 */
import zlib from 'node:zlib';

export type Rgb = { r: number; g: number; b: number };

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
/** Tailwind's gray-900: the text (and the logo's mark) on a light shop colour. */
export const INK: Rgb = { r: 17, g: 24, b: 39 };

/** '#rrggbb' (either case) as RGB; null for anything else. */
export function parseHexColor(value: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  return match ? { r: parseInt(match[1], 16), g: parseInt(match[2], 16), b: parseInt(match[3], 16) } : null;
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near black, whichever reads better on `background`. */
export const inkOn = (background: Rgb): Rgb => (contrast(WHITE, background) >= contrast(INK, background) ? WHITE : INK);

/** A truecolour PNG of `height` rows, each made by `row(y)`: `width * 3` bytes of RGB. */
export function rgbPng(width: number, height: number, row: (y: number) => Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    // Each scanline: filter type 0 (none), then its pixels.
    const at = y * (1 + width * 3);
    raw[at] = 0;
    row(y).copy(raw, at + 1, 0, width * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A solid-colour RGB PNG: the Apple pass's icon and logo. */
export function solidPng(width: number, height: number, { r, g, b }: Rgb): Buffer {
  const line = Buffer.alloc(width * 3);
  for (let x = 0; x < width; x++) line.set([r, g, b], x * 3);
  return rgbPng(width, height, () => line);
}

/** Google's recommended logo size (brand guidelines: PNG, at least 660 × 660, 1:1). */
export const LOGO_SIZE = 660;

/**
 * The Google class's logo: a full-bleed square in the shop's colour (Google masks it into a circle: no
 * pre-masking) with a ring in the colour that reads best on it, well inside the safe area (15 % margin).
 * Its edges are smoothed by 4 × 4 supersampling.
 */
export function logoPng(background: Rgb, size = LOGO_SIZE): Buffer {
  const mark = inkOn(background);
  const centre = size / 2;
  const outer = size * 0.3;
  const inner = size * 0.2;
  const SAMPLES = 4;
  /** The share of a pixel's area inside the ring (0 to 1). */
  const coverage = (x: number, y: number) => {
    let inside = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const d = Math.hypot(x + (sx + 0.5) / SAMPLES - centre, y + (sy + 0.5) / SAMPLES - centre);
        if (d <= outer && d >= inner) inside++;
      }
    }
    return inside / (SAMPLES * SAMPLES);
  };
  const mix = (share: number) => [
    Math.round(background.r + (mark.r - background.r) * share),
    Math.round(background.g + (mark.g - background.g) * share),
    Math.round(background.b + (mark.b - background.b) * share),
  ];
  const line = Buffer.alloc(size * 3);
  return rgbPng(size, size, (y) => {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      // Far from both edges a pixel is wholly in or out: only the edges are sampled.
      const share = d > outer + 1 || d < inner - 1 ? 0 : d < outer - 1 && d > inner + 1 ? 1 : coverage(x, y);
      line.set(mix(share), x * 3);
    }
    return line;
  });
}
