import zlib from 'node:zlib';
import QRCode from 'qrcode';

/** The dashboard page an admin opens by scanning a card's QR code (/dashboard/add-points). */
export function addPointsLink(dashboardBaseUrl: string, cardId: string, userId: string): string {
  const url = new URL(`${dashboardBaseUrl.replace(/\/+$/, '')}/dashboard/add-points`);
  url.searchParams.set('card_id', cardId);
  url.searchParams.set('user_id', userId);
  return url.toString();
}

/** Pixels per module and quiet-zone modules: the `qrcode` package's defaults (a quiet zone of 4 modules, as the QR standard asks). */
const SCALE = 4;
const MARGIN = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A black-on-white PNG (1-bit grayscale) of the QR code of `text`, error correction M. Encoded here
 * from the `qrcode` package's module matrix: a few lines of zlib, and much faster than its PNG renderer.
 */
export function qrCodePng(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(size / 8);
  const raw = Buffer.alloc((rowBytes + 1) * size, 0);
  for (let y = 0; y < size; y++) {
    const row = y * (rowBytes + 1); // first byte: filter type 0
    const my = Math.floor(y / SCALE) - MARGIN;
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / SCALE) - MARGIN;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (!dark) raw[row + 1 + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The QR code of `text` as a PNG data URL (what `POST /users` answers as `qrCode`). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  return `data:image/png;base64,${qrCodePng(text).toString('base64')}`;
}
