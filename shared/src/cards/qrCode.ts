import { QR_ERROR_CORRECTION, QR_MARGIN } from './cardLayout';

/**
 * A canvas `size`×`size` px with the QR code of `text` (error correction M, margin 4).
 * qrcode is imported on demand so it never weighs on a page's first load; in the federated build it
 * is a shared, non-eager library.
 */
export async function renderQrCode(text: string, size: number): Promise<HTMLCanvasElement> {
  const { toCanvas } = await import('qrcode');
  const canvas = document.createElement('canvas');
  await toCanvas(canvas, text, { errorCorrectionLevel: QR_ERROR_CORRECTION, margin: QR_MARGIN, width: size });
  return canvas;
}
