/** Helpers for the landing remote's journeys. */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { E2E_PORTS, E2E_RUNTIME_CONFIG } from './env';

export const LANDING_URL = `http://localhost:${E2E_PORTS.landing}`;

/** The run-time configuration the composition serves (dashboard address, brand, support contacts). */
export function e2eRuntimeConfig(): { dashboardBaseUrl: string; brandName: string; support: { email: string; phone: string } } {
  return JSON.parse(fs.readFileSync(E2E_RUNTIME_CONFIG, 'utf8'));
}

/** Marks the cookie choice as made before any page script runs, so the banner stays out of the way. */
export async function withCookieChoiceSaved(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookiePrefs', JSON.stringify({ essential: true, analytics: false, marketing: false }));
  });
}

/** Width, height and decoded QR text of a PNG file. */
export function readPngWithQr(file: string): { width: number; height: number; qr: string | null; pixel: (x: number, y: number) => [number, number, number] } {
  const png = PNG.sync.read(fs.readFileSync(file));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const pixel = (x: number, y: number): [number, number, number] => {
    const at = (png.width * y + x) * 4;
    return [png.data[at], png.data[at + 1], png.data[at + 2]];
  };
  return { width: png.width, height: png.height, qr: code?.data ?? null, pixel };
}

/** A PNG's resolution as its pHYs chunk says it: pixels per metre on each axis, or null without one. */
export function pngPixelsPerMetre(file: string): { x: number; y: number; unit: number } | null {
  const bytes = fs.readFileSync(file);
  // After the 8-byte signature, chunks of [length, type, data, CRC]; pHYs must come before the image data.
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs') return { x: bytes.readUInt32BE(at + 8), y: bytes.readUInt32BE(at + 12), unit: bytes[at + 16] };
    if (type === 'IDAT') return null;
    at += 12 + length;
  }
  return null;
}

/** '#rrggbb' to its channels, to compare with a PNG's pixel. */
export const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Whether two colours are the same within `tolerance` per channel (the card's background is a gentle gradient). */
export const closeColors = (a: readonly number[], b: readonly number[], tolerance = 6): boolean => a.every((value, i) => Math.abs(value - b[i]) <= tolerance);

/** Strings only the bundles of these libraries contain: how a test tells they were downloaded. */
export const LIBRARY_MARKERS = {
  recharts: 'recharts-wrapper',
  qrcode: 'BitMatrix size must be defined',
  pdfLib: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
} as const;
