import { cardColors } from './cardColors';
import { downloadUrl } from './download';
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

/** A canvas size in pixels. */
export interface CardImageSize {
  width: number;
  height: number;
}

/** The card image as the pages show it: the 400×250 design. */
export const SCREEN_CARD_SIZE: CardImageSize = { width: CARD_WIDTH, height: CARD_HEIGHT };

/** The resolution of the card image for print. */
export const PRINT_DPI = 300;
const MM_PER_INCH = 25.4;
/**
 * A credit card's real size (ISO/IEC 7810 ID-1, 85.60 × 53.98 mm) at PRINT_DPI: 1011 × 638 px. Printed at
 * 300 dpi the image is exactly a card; the design (a little wider than a card) is scaled to its width and the
 * background fills the few extra pixels above and below.
 */
export const PRINT_CARD_SIZE: CardImageSize = {
  width: Math.round((85.6 / MM_PER_INCH) * PRINT_DPI),
  height: Math.round((53.98 / MM_PER_INCH) * PRINT_DPI),
};

/**
 * Draws the loyalty card on `canvas`, resizing it to `size`: the 400×250 design, scaled when `size` is larger
 * (text and circles are drawn again at that size, never an enlarged bitmap), with a QR code rendered at its
 * final pixel size.
 */
export async function drawLoyaltyCard(canvas: HTMLCanvasElement, card: LoyaltyCardImage, size: CardImageSize = SCREEN_CARD_SIZE): Promise<void> {
  const scale = Math.min(size.width / CARD_WIDTH, size.height / CARD_HEIGHT);
  const qrSize = Math.round(CARD_QR_SIZE * scale);
  const qr = await renderQrCode(card.qrText, qrSize);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D non disponibile in questo browser.');

  const colors = cardColors(card.brandColor);
  const background = context.createLinearGradient(0, 0, size.width, size.height);
  background.addColorStop(0, colors.gradient[0]);
  background.addColorStop(1, colors.gradient[1]);
  context.fillStyle = background;
  context.fillRect(0, 0, size.width, size.height);

  // Everything but the QR is drawn in the design's 400×250 units, centred on the canvas.
  const offsetX = (size.width - CARD_WIDTH * scale) / 2;
  const offsetY = (size.height - CARD_HEIGHT * scale) / 2;
  context.setTransform(scale, 0, 0, scale, offsetX, offsetY);

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

  // The QR keeps its own white quiet zone; drawn in canvas pixels at the size it was rendered, at an integer
  // position and without smoothing, its modules stay sharp for scanners and printers.
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.imageSmoothingEnabled = false;
  const qrX = Math.round(offsetX + (CARD_WIDTH - PADDING - CARD_QR_SIZE) * scale);
  const qrY = Math.round((size.height - qrSize) / 2);
  context.drawImage(qr, qrX, qrY, qrSize, qrSize);
}

/** Saves the canvas as a PNG file through a temporary download link. */
export function downloadCanvasPng(canvas: HTMLCanvasElement, fileName: string): void {
  downloadUrl(canvas.toDataURL('image/png'), fileName);
}
