import { cardColors } from './cardColors';
import { CARD_HEIGHT, CARD_NAME_MAX_WIDTH, CARD_QR_SIZE, CARD_WIDTH } from './cardLayout';
import { fitText } from './fitText';
import { renderQrCode } from './qrCode';
import { stampsRow, type CardStamps } from './stampsRow';

/** The line under the card's brand, in Italian like the rest of the card. */
export const CARD_IMAGE_CAPTION = 'CARTA FEDELTÀ';

export interface LoyaltyCardImage {
  brandName: string;
  businessName: string;
  /** What the QR code encodes: the card's add-points link. */
  qrText: string;
  /**
   * Stamp mode: the stamps collected out of the next reward's cost, drawn as a row of circles
   * ('N/M' above STAMPS_MAX_CIRCLES). Left out (points mode, or no reward yet): the card as before.
   */
  stamps?: CardStamps;
  /**
   * The shop's colour ('#rrggbb', the business's brand_color), as on its wallet pass; the text turns near black
   * on a light colour. Left out or null (a page built before it): the dark blue card.
   */
  brandColor?: string | null;
}

const PADDING = 24;
/** Left of the QR code, under the business name, over the footer. */
const STAMPS_AREA = { x: PADDING, y: PADDING + 80, width: CARD_WIDTH - CARD_QR_SIZE - 3 * PADDING, height: 90 };
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** Draws the 400×250 loyalty card on `canvas`, resizing it. */
export async function drawLoyaltyCard(canvas: HTMLCanvasElement, card: LoyaltyCardImage): Promise<void> {
  const qr = await renderQrCode(card.qrText, CARD_QR_SIZE);
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D non disponibile in questo browser.');

  const colors = cardColors(card.brandColor);
  const background = context.createLinearGradient(0, 0, CARD_WIDTH, CARD_HEIGHT);
  background.addColorStop(0, colors.gradient[0]);
  background.addColorStop(1, colors.gradient[1]);
  context.fillStyle = background;
  context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);

  context.fillStyle = colors.text;
  context.textBaseline = 'top';
  context.font = `700 26px ${FONT}`;
  context.fillText(card.brandName, PADDING, PADDING);

  context.font = `500 18px ${FONT}`;
  const name = fitText(card.businessName, CARD_NAME_MAX_WIDTH, (text) => context.measureText(text).width);
  context.fillText(name, PADDING, PADDING + 44);

  const stamps = stampsRow(card.stamps, STAMPS_AREA);
  if (stamps?.kind === 'text') {
    context.font = `700 22px ${FONT}`;
    context.fillText(`${stamps.text} timbri`, stamps.x, stamps.y);
  } else if (stamps) {
    context.strokeStyle = colors.text;
    context.lineWidth = 2;
    for (const circle of stamps.circles) {
      context.beginPath();
      context.arc(circle.x, circle.y, circle.radius, 0, 2 * Math.PI);
      if (circle.filled) context.fill();
      else context.stroke();
    }
  }

  context.font = `600 13px ${FONT}`;
  context.fillStyle = colors.muted;
  context.textBaseline = 'bottom';
  context.fillText(CARD_IMAGE_CAPTION, PADDING, CARD_HEIGHT - PADDING);

  // The QR keeps its own white quiet zone; integer position and no smoothing keep modules sharp for scanners.
  context.imageSmoothingEnabled = false;
  const qrX = CARD_WIDTH - PADDING - CARD_QR_SIZE;
  const qrY = Math.round((CARD_HEIGHT - CARD_QR_SIZE) / 2);
  context.drawImage(qr, qrX, qrY, CARD_QR_SIZE, CARD_QR_SIZE);
}

/** Saves the canvas as a PNG file through a temporary download link. */
export function downloadCanvasPng(canvas: HTMLCanvasElement, fileName: string): void {
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
