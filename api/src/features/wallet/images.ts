/**
 * The wallets' images until shops upload their own: the Apple pass's solid icon and logo (decision 040)
 * and the Google loyalty class's `programLogo` (decision 044), all in the shop's colour. PNGs are written with
 * Node's zlib (deflate and CRC-32): truecolour or palette, 8 bits, no library needed for a few flat shapes.
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = pngChunk('IEND', Buffer.alloc(0));

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
}

/** The IHDR chunk: 8 bits per sample (or per palette index), `colourType` 2 (truecolour) or 3 (palette). */
function pngHeader(width: number, height: number, colourType: 2 | 3): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8);
  return pngChunk('IHDR', header);
}

/** The IDAT chunk of `height` scanlines of `rowBytes` bytes each, made by `row(y)`. */
function pngImageData(height: number, rowBytes: number, row: (y: number) => Buffer): Buffer {
  const raw = Buffer.alloc(height * (1 + rowBytes));
  for (let y = 0; y < height; y++) {
    // Each scanline: filter type 0 (none), then its pixels.
    const at = y * (1 + rowBytes);
    raw[at] = 0;
    row(y).copy(raw, at + 1, 0, rowBytes);
  }
  return pngChunk('IDAT', zlib.deflateSync(raw));
}

/** A truecolour PNG of `height` rows, each made by `row(y)`: `width * 3` bytes of RGB. */
export function rgbPng(width: number, height: number, row: (y: number) => Buffer): Buffer {
  return Buffer.concat([PNG_SIGNATURE, pngHeader(width, height, 2), pngImageData(height, width * 3, row), PNG_END]);
}

/** A solid-colour RGB PNG: the Apple pass's icon and logo. */
export function solidPng(width: number, height: number, { r, g, b }: Rgb): Buffer {
  const line = Buffer.alloc(width * 3);
  for (let x = 0; x < width; x++) line.set([r, g, b], x * 3);
  return rgbPng(width, height, () => line);
}

/** Google's recommended logo size (brand guidelines: PNG, at least 660 × 660, 1:1). */
export const LOGO_SIZE = 660;

/** A logo pixel's edge is smoothed by SAMPLES × SAMPLES supersampling: its share of the ring is one of LEVELS + 1 steps. */
const SAMPLES = 4;
const LEVELS = SAMPLES * SAMPLES;

/**
 * The ring of a `size` logo as palette indexes: per pixel, how many of its LEVELS samples fall inside the ring.
 * The same for every colour, so it is drawn and deflated once per size (tens of milliseconds) and kept.
 */
const ringImages = new Map<number, Buffer>();
function ringImageData(size: number): Buffer {
  let made = ringImages.get(size);
  if (made) return made;
  const centre = size / 2;
  const outer = size * 0.3;
  const inner = size * 0.2;
  const samplesInside = (x: number, y: number) => {
    let inside = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const d = Math.hypot(x + (sx + 0.5) / SAMPLES - centre, y + (sy + 0.5) / SAMPLES - centre);
        if (d <= outer && d >= inner) inside++;
      }
    }
    return inside;
  };
  const line = Buffer.alloc(size);
  made = pngImageData(size, size, (y) => {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      // Far from both edges a pixel is wholly in or out: only the edges are sampled.
      line[x] = d > outer + 1 || d < inner - 1 ? 0 : d < outer - 1 && d > inner + 1 ? LEVELS : samplesInside(x, y);
    }
    return line;
  });
  ringImages.set(size, made);
  return made;
}

/** Draws the ring of a `size` logo now (at start), so that no request pays for it. */
export const prepareLogo = (size = LOGO_SIZE) => void ringImageData(size);

/**
 * The Google class's logo: a full-bleed square in the shop's colour (Google masks it into a circle: no
 * pre-masking) with a ring in the colour that reads best on it, well inside the safe area (15 % margin).
 * A palette PNG: the ring's pixels are indexes into LEVELS + 1 colours, from the background to the ring's
 * colour, so a colour only makes its palette (microseconds) and shares the drawn ring (`ringImageData`).
 */
export function logoPng(background: Rgb, size = LOGO_SIZE): Buffer {
  const mark = inkOn(background);
  const palette = Buffer.alloc((LEVELS + 1) * 3);
  for (let level = 0; level <= LEVELS; level++) {
    const share = level / LEVELS;
    palette.set(
      [
        Math.round(background.r + (mark.r - background.r) * share),
        Math.round(background.g + (mark.g - background.g) * share),
        Math.round(background.b + (mark.b - background.b) * share),
      ],
      level * 3,
    );
  }
  return Buffer.concat([PNG_SIGNATURE, pngHeader(size, size, 3), pngChunk('PLTE', palette), ringImageData(size), PNG_END]);
}
