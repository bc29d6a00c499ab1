import { downloadCanvasPng, fitText, getRuntimeConfig, renderQrCode } from '@loyalty/shared';
import { wrapText } from './wrapText';
import { fileSlug } from '../../../shared/fileNames';

/** The counter poster is a 600×800 canvas with a 250 px QR. */
export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 800;
export const POSTER_QR_SIZE = 250;

const MARGIN = 40;
/** The link's lines sit between the QR and the closing line: this many pixels. */
const LINK_ROOM = 64;

/** The poster's words, the same on the PNG and on the A4 PDF. */
export const POSTER_TEXT = {
  headline: 'Ottieni la tua Carta Fedeltà',
  instructions: ['Inquadra il codice QR con la fotocamera', 'e raccogli punti a ogni acquisto'],
  closing: 'Gratis, in meno di un minuto',
} as const;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** The public card-signup link of a business on the landing address of the run-time configuration. */
export function signupLink(landingBaseUrl: string, businessId: string): string {
  const url = new URL('/loyalty-cards/create', landingBaseUrl.replace(/\/+$/, '') + '/');
  url.searchParams.set('business_id', businessId);
  return url.toString();
}

/** 'Bar Centrale' → 'locandina-bar-centrale.png'. */
export function posterFileName(businessName: string): string {
  return `locandina-${fileSlug(businessName, 'azienda')}.png`;
}

function centred(context: CanvasRenderingContext2D, text: string, y: number) {
  const fitted = fitText(text, POSTER_WIDTH - 2 * MARGIN, (value) => context.measureText(value).width);
  context.fillText(fitted, POSTER_WIDTH / 2, y);
}

/** Draws the signup poster of a business: brand, name, call to action, QR of the signup link. */
export async function drawSignupPoster(canvas: HTMLCanvasElement, business: { id: string; name: string }): Promise<void> {
  const { brandName, landingBaseUrl } = getRuntimeConfig();
  const link = signupLink(landingBaseUrl, business.id);
  const qr = await renderQrCode(link, POSTER_QR_SIZE);
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D non disponibile in questo browser.');

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  const header = context.createLinearGradient(0, 0, POSTER_WIDTH, 200);
  header.addColorStop(0, '#1e3a8a');
  header.addColorStop(1, '#1d4ed8');
  context.fillStyle = header;
  context.fillRect(0, 0, POSTER_WIDTH, 200);

  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#bfdbfe';
  context.font = `600 22px ${FONT}`;
  centred(context, brandName, 60);
  context.fillStyle = '#ffffff';
  context.font = `700 40px ${FONT}`;
  centred(context, business.name, 130);

  context.fillStyle = '#111827';
  context.font = `700 32px ${FONT}`;
  centred(context, POSTER_TEXT.headline, 260);
  context.fillStyle = '#4b5563';
  context.font = `400 20px ${FONT}`;
  centred(context, POSTER_TEXT.instructions[0], 305);
  centred(context, POSTER_TEXT.instructions[1], 335);

  // Integer position and no smoothing keep the modules sharp for phone cameras.
  context.imageSmoothingEnabled = false;
  const qrX = Math.round((POSTER_WIDTH - POSTER_QR_SIZE) / 2);
  const qrY = 380;
  context.drawImage(qr, qrX, qrY, POSTER_QR_SIZE, POSTER_QR_SIZE);

  // The link whole (a visitor may type it): the largest size from 14 px down to 9 px at which its lines fit
  // above the closing line, wrapped after its slashes and '&' when one line is not enough.
  context.fillStyle = '#4b5563';
  let lines: string[] = [];
  let size = 14;
  for (; size >= 9; size -= 1) {
    context.font = `400 ${size}px ${FONT}`;
    lines = wrapText(link, POSTER_WIDTH - 2 * MARGIN, (value) => context.measureText(value).width);
    if (lines.length * size * 1.3 <= LINK_ROOM) break;
  }
  const lineHeight = Math.max(size, 9) * 1.3;
  lines.forEach((line, i) => context.fillText(line, POSTER_WIDTH / 2, qrY + POSTER_QR_SIZE + 24 + lineHeight * (i + 0.5)));
  context.fillStyle = '#1d4ed8';
  context.font = `600 18px ${FONT}`;
  centred(context, POSTER_TEXT.closing, POSTER_HEIGHT - 60);
}

export async function downloadSignupPoster(business: { id: string; name: string }): Promise<void> {
  const canvas = document.createElement('canvas');
  await drawSignupPoster(canvas, business);
  downloadCanvasPng(canvas, posterFileName(business.name));
}
