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

/** The dashboard's colours (DESIGN.md): a dark blue card with white text. */
const BACKGROUND = { r: 30, g: 58, b: 138 };
const FOREGROUND = 'rgb(255, 255, 255)';
const LABEL = 'rgb(191, 219, 254)';

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

const IMAGES: Record<string, Buffer> = {
  'icon.png': solidPng(29, 29, BACKGROUND),
  'icon@2x.png': solidPng(58, 58, BACKGROUND),
  'logo.png': solidPng(50, 50, BACKGROUND),
  'logo@2x.png': solidPng(100, 100, BACKGROUND),
};

export interface PassContext {
  config: AppleWalletConfig;
  /** Where Wallet reaches the web service: the public origin + '/api/wallet/apple'. */
  webServiceURL: string;
  dashboardBaseUrl: string;
}

export function buildApplePass(content: PassContent, { config, webServiceURL, dashboardBaseUrl }: PassContext): Buffer {
  const unit = unitWord(content.loyalty_mode);
  const pass = new PKPass(
    { ...IMAGES },
    { wwdr: config.wwdr, signerCert: config.cert, signerKey: config.key, signerKeyPassphrase: config.keyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeId,
      teamIdentifier: config.teamId,
      serialNumber: content.serial_number,
      organizationName: content.business_name,
      description: `Carta fedeltà ${content.business_name}`,
      logoText: content.business_name,
      backgroundColor: `rgb(${BACKGROUND.r}, ${BACKGROUND.g}, ${BACKGROUND.b})`,
      foregroundColor: FOREGROUND,
      labelColor: LABEL,
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
