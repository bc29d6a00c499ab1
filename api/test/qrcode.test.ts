import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { addPointsLink, qrCodeDataUrl, qrCodePng } from '../src/features/cards/qrcode';

const LINK = 'http://localhost:3000/dashboard/add-points?card_id=8c0e7c1e-1f5b-4a57-9c0e-1f5b4a579c0e&user_id=demo-user-1';

describe('QR codes', () => {
  it('builds the add-points link on the dashboard base URL', () => {
    expect(addPointsLink('http://localhost:3000', 'card 1', 'user&2')).toBe('http://localhost:3000/dashboard/add-points?card_id=card+1&user_id=user%262');
    expect(addPointsLink('https://app.example.it/base/', 'c', 'u')).toBe('https://app.example.it/base/dashboard/add-points?card_id=c&user_id=u');
  });

  it('draws the same pixels as the qrcode package, and a reader decodes the link', async () => {
    const ours = PNG.sync.read(qrCodePng(LINK));
    const theirs = PNG.sync.read(await QRCode.toBuffer(LINK, { errorCorrectionLevel: 'M', margin: 4, scale: 4 }));
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    const dark = (png: PNG) => Array.from({ length: png.width * png.height }, (_, i) => png.data[i * 4] < 128);
    expect(dark(ours)).toEqual(dark(theirs));
    expect(jsQR(new Uint8ClampedArray(ours.data), ours.width, ours.height)?.data).toBe(LINK);
  });

  it('answers a PNG data URL', async () => {
    const url = await qrCodeDataUrl(LINK);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(url.slice(22), 'base64').subarray(1, 4).toString()).toBe('PNG');
  });
});
