/**
 * Issue 21: a card's Apple Wallet pass (.pkpass, store card), built and signed by `passkit-generator`
 * (decision 040). Shows the shop, the customer, the balance (points or stamps, with the changeMessage Wallet
 * shows on a lock-screen update), the card number, the next reward and the same QR as the card image.
 */
import zlib from 'node:zlib';
import { PKPass } from 'passkit-generator';
import { formatPointsIt, unitWord } from '../messages';
import { addPointsLink } from '../services/qrcode';
import type { AppleWalletConfig } from './config';
import type { PassContent } from './repository';

type Rgb = { r: number; g: number; b: number };

/** The dashboard's colours (DESIGN.md): a dark blue card with white text. */
const BACKGROUND: Rgb = { r: 30, g: 58, b: 138 };
const DEFAULT_COLORS = { backgroundColor: 'rgb(30, 58, 138)', foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(191, 219, 254)' };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };
/** Tailwind's gray-900: the text on a light shop colour. */
const INK: Rgb = { r: 17, g: 24, b: 39 };

const css = ({ r, g, b }: Rgb) => `rgb(${r}, ${g}, ${b})`;

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

/**
 * The pass's colours for a shop colour ('#rrggbb'; null: the dashboard's blue). The text is white or near
 * black, whichever reads better on it (so a light colour gets dark text); the labels are the text a quarter
 * of the way towards the background, still well readable but quieter.
 */
export function passColors(brandColor: string | null): { backgroundColor: string; foregroundColor: string; labelColor: string } {
  const match = brandColor ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(brandColor) : null;
  if (!match) return DEFAULT_COLORS;
  const background: Rgb = { r: parseInt(match[1], 16), g: parseInt(match[2], 16), b: parseInt(match[3], 16) };
  const text = contrast(WHITE, background) >= contrast(INK, background) ? WHITE : INK;
  const mix = (t: number, bg: number) => Math.round(t + (bg - t) * 0.25);
  const label = { r: mix(text.r, background.r), g: mix(text.g, background.g), b: mix(text.b, background.b) };
  return { backgroundColor: css(background), foregroundColor: css(text), labelColor: css(label) };
}

/** A solid-colour RGB PNG: the icon and logo until shops upload their own. */
export function solidPng(width: number, height: number, { r, g, b }: { r: number; g: number; b: number }): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icon and logo in the pass's background colour, made once per colour. */
const imagesByColor = new Map<string, Record<string, Buffer>>();
function images(backgroundColor: string): Record<string, Buffer> {
  let made = imagesByColor.get(backgroundColor);
  if (!made) {
    const [r, g, b] = (backgroundColor.match(/\d+/g) ?? []).map(Number);
    const color = Number.isInteger(b) ? { r, g, b } : BACKGROUND;
    made = {
      'icon.png': solidPng(29, 29, color),
      'icon@2x.png': solidPng(58, 58, color),
      'logo.png': solidPng(50, 50, color),
      'logo@2x.png': solidPng(100, 100, color),
    };
    if (imagesByColor.size < 1000) imagesByColor.set(backgroundColor, made);
  }
  return made;
}

export interface PassContext {
  config: AppleWalletConfig;
  /** Where Wallet reaches the web service: the public origin + '/api/wallet/apple'. */
  webServiceURL: string;
  dashboardBaseUrl: string;
}

export function buildApplePass(content: PassContent, { config, webServiceURL, dashboardBaseUrl }: PassContext): Buffer {
  const unit = unitWord(content.loyalty_mode);
  const colors = passColors(content.brand_color);
  const pass = new PKPass(
    { ...images(colors.backgroundColor) },
    { wwdr: config.wwdr, signerCert: config.cert, signerKey: config.key, signerKeyPassphrase: config.keyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeId,
      teamIdentifier: config.teamId,
      serialNumber: content.serial_number,
      organizationName: content.business_name,
      description: `Carta fedeltà ${content.business_name}`,
      logoText: content.business_name,
      ...colors,
      webServiceURL,
      authenticationToken: content.auth_token,
      sharingProhibited: true,
    },
  );
  pass.type = 'storeCard';
  pass.primaryFields.push({
    key: 'balance',
    label: unit === 'timbri' ? 'Timbri' : 'Punti',
    value: content.points,
    changeMessage: `Ora hai %@ ${unit}`,
  });
  pass.secondaryFields.push({ key: 'customer', label: 'Cliente', value: content.customer_name });
  if (content.next_reward) {
    pass.secondaryFields.push({
      key: 'next-reward',
      label: 'Prossimo premio',
      value: `${content.next_reward.name} a ${formatPointsIt(content.next_reward.cost)} ${unit}`,
    });
  }
  pass.auxiliaryFields.push({ key: 'card-number', label: 'Carta n.', value: content.card_number });
  pass.backFields.push(
    { key: 'shop', label: 'Negozio', value: content.business_name },
    { key: 'how', label: 'Come si usa', value: 'Mostra il codice QR alla cassa: il negozio aggiunge i tuoi punti e il saldo qui si aggiorna da solo.' },
  );
  pass.setBarcodes({
    message: addPointsLink(dashboardBaseUrl, content.card_id, content.user_id ?? ''),
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: content.card_number,
  });
  return pass.getAsBuffer();
}
