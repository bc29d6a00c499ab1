/**
 * A card's Apple Wallet pass (.pkpass, store card), signed and zipped by `passkit-generator` in a
 * worker thread (decisions 040, 059). Shows the shop, the customer, the balance (points or stamps, with the
 * changeMessage Wallet shows on a lock-screen update), the card number, the next reward and the same QR as the
 * card image.
 */
import { formatPointsIt, unitWord } from '../../messages';
import { addPointsLink } from '../cards/qrcode';
import type { AppleWalletConfig } from '../../config/wallet';
import { inkOn, parseHexColor, solidPng, type Rgb } from './images';
import type { PassContent } from './repository';

/** The dashboard's colours (DESIGN.md): a dark blue card with white text. */
const BACKGROUND: Rgb = { r: 30, g: 58, b: 138 };
const DEFAULT_COLORS = { backgroundColor: 'rgb(30, 58, 138)', foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(191, 219, 254)' };

const css = ({ r, g, b }: Rgb) => `rgb(${r}, ${g}, ${b})`;

/**
 * The pass's colours for a shop colour ('#rrggbb'; null: the dashboard's blue). The text is white or near
 * black, whichever reads better on it (so a light colour gets dark text); the labels are the text a quarter
 * of the way towards the background, still well readable but quieter.
 */
export function passColors(brandColor: string | null): { backgroundColor: string; foregroundColor: string; labelColor: string } {
  const background = brandColor ? parseHexColor(brandColor) : null;
  if (!background) return DEFAULT_COLORS;
  const text = inkOn(background);
  const mix = (t: number, bg: number) => Math.round(t + (bg - t) * 0.25);
  const label = { r: mix(text.r, background.r), g: mix(text.g, background.g), b: mix(text.b, background.b) };
  return { backgroundColor: css(background), foregroundColor: css(text), labelColor: css(label) };
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

/**
 * The files of a card's pass before signing: `pass.json` (a store card, as Apple's PassKit format defines it) and
 * the images. Cheap (well under a millisecond); the signature and the zip are `passkit-generator`'s, made off the
 * event loop (features/wallet/pass-signer.ts). The same content always gives the same files.
 */
export function applePassFiles(content: PassContent, { config, webServiceURL, dashboardBaseUrl }: PassContext): Record<string, Buffer> {
  const unit = unitWord(content.loyalty_mode);
  const colors = passColors(content.brand_color);
  const passJson = {
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
    barcodes: [
      {
        message: addPointsLink(dashboardBaseUrl, content.card_id, content.user_id ?? ''),
        format: 'PKBarcodeFormatQR',
        messageEncoding: 'iso-8859-1',
        altText: content.card_number,
      },
    ],
    storeCard: {
      headerFields: [],
      primaryFields: [{ key: 'balance', label: unit === 'timbri' ? 'Timbri' : 'Punti', value: content.points, changeMessage: `Ora hai %@ ${unit}` }],
      secondaryFields: [
        { key: 'customer', label: 'Cliente', value: content.customer_name },
        ...(content.next_reward
          ? [{ key: 'next-reward', label: 'Prossimo premio', value: `${content.next_reward.name} a ${formatPointsIt(content.next_reward.cost)} ${unit}` }]
          : []),
      ],
      auxiliaryFields: [{ key: 'card-number', label: 'Carta n.', value: content.card_number }],
      backFields: [
        { key: 'shop', label: 'Negozio', value: content.business_name },
        { key: 'how', label: 'Come si usa', value: 'Mostra il codice QR alla cassa: il negozio aggiunge i tuoi punti e il saldo qui si aggiorna da solo.' },
      ],
    },
  };
  return { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...images(colors.backgroundColor) };
}
