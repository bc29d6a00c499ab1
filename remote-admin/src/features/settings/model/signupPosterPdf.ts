/**
 * The counter poster for print: an A4 PDF with the same content as the PNG poster (brand, shop, call to action,
 * QR of the signup link, the link itself, the closing line). Text is PDF text in a standard font and the QR is
 * drawn as vector squares, so both stay sharp at any printer's resolution; the link is printed whole, on one
 * line when it fits, else wrapped over as many lines as it needs.
 *
 * Screens import this module only when the poster is asked for (`import()` on the click), so it and pdf-lib
 * (~170 KB compressed) are one chunk of their own that no screen's first download carries.
 */
import { getRuntimeConfig } from '@loyalty/shared';
import { downloadBlob } from '@loyalty/shared/print-image';
import { create } from 'qrcode';
import { PDFDocument, StandardFonts, fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { fileSlug } from '../../../shared/fileNames';
import { POSTER_TEXT, signupLink } from './signupPoster';
import { wrapText } from './wrapText';

/** A4 in PDF points (1/72 in): 210 × 297 mm. */
export const A4 = { width: 595.28, height: 841.89 } as const;
/** Side margin of every line of text: 15 mm. */
export const PDF_MARGIN = 42.52;
/** The QR code's side with its white quiet zone: 9 cm, readable by a phone from about a metre. */
export const PDF_QR_SIZE = 255.12;
/** The link is never smaller than this (points): still readable on paper. */
export const PDF_LINK_MIN_SIZE = 6;

const HEADER_HEIGHT = 210;
const QR_TOP = 330;
const FOOTER_BASELINE = 56;

export interface PosterContent {
  brandName: string;
  businessName: string;
  /** The public signup link the QR encodes, printed in full under it. */
  link: string;
}

/** 'Bar Centrale' → 'locandina-bar-centrale-a4.pdf'. */
export function posterPdfFileName(businessName: string): string {
  return `locandina-${fileSlug(businessName, 'azienda')}-a4.pdf`;
}

/**
 * `text` in characters the standard PDF font can write (Windows-1252: every Italian letter, €): any other letter
 * loses its accent, anything else becomes '?', instead of the whole poster failing.
 */
export function printableText(text: string, font: Pick<PDFFont, 'getCharacterSet'>): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.normalize('NFC'))
    .map((character) => {
      if (known.has(character.codePointAt(0)!)) return character;
      const base = character.normalize('NFD')[0];
      return base !== undefined && known.has(base.codePointAt(0)!) ? base : '?';
    })
    .join('');
}

interface Lines {
  lines: readonly string[];
  size: number;
}

/** The largest size from `sizes` at which `text` fits `width` on one line, else null. */
function oneLine(text: string, font: PDFFont, width: number, sizes: number[]): Lines | null {
  const size = sizes.find((candidate) => font.widthOfTextAtSize(text, candidate) <= width);
  return size === undefined ? null : { lines: [text], size };
}

/** The largest size from `sizes` at which `text`, wrapped to `width`, takes no more than `height`, else null. */
function wrapped(text: string, font: PDFFont, width: number, height: number, sizes: number[], leading: number): Lines | null {
  for (const size of sizes) {
    const lines = wrapText(text, width, (value) => font.widthOfTextAtSize(value, size));
    if (lines.length * size * leading <= height) return { lines, size };
  }
  return null;
}

const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((from - to) / step) + 1 }, (_, i) => from - i * step);

/** Each line centred on the page, the first baseline at `top`. */
function drawCentred(page: PDFPage, { lines, size }: Lines, font: PDFFont, color: RGB, top: number, leading: number) {
  lines.forEach((line, i) => {
    const width = font.widthOfTextAtSize(line, size);
    page.drawText(line, { x: (A4.width - width) / 2, y: top - i * size * leading, size, font, color });
  });
}

/** The poster as PDF bytes. Throws (in Italian) only when the link cannot fit even at the smallest size. */
export async function signupPosterPdf(content: PosterContent): Promise<Uint8Array> {
  const hex = (value: string) => rgb(parseInt(value.slice(1, 3), 16) / 255, parseInt(value.slice(3, 5), 16) / 255, parseInt(value.slice(5, 7), 16) / 255);
  const pdf = await PDFDocument.create();
  const businessName = content.businessName.trim();
  pdf.setTitle(`Locandina Carta Fedeltà – ${businessName}`);
  pdf.setSubject(POSTER_TEXT.headline);
  pdf.setLanguage('it-IT');
  pdf.setCreator(content.brandName);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * PDF_MARGIN;

  page.drawRectangle({ x: 0, y: A4.height - HEADER_HEIGHT, width: A4.width, height: HEADER_HEIGHT, color: hex('#1e3a8a') });
  const brand = printableText(content.brandName, bold);
  drawCentred(page, oneLine(brand, bold, width, range(20, 8, 1)) ?? { lines: wrapText(brand, width, (v) => bold.widthOfTextAtSize(v, 8)).slice(0, 1), size: 8 }, bold, hex('#bfdbfe'), A4.height - 62, 1.2);
  // The shop's name: as large as fits on one line, else wrapped on up to three lines of the header.
  const name = printableText(businessName, bold);
  const nameLines = oneLine(name, bold, width, range(40, 24, 2)) ??
    wrapped(name, bold, width, 96, range(24, 12, 2), 1.2) ?? { lines: wrapText(name, width, (v) => bold.widthOfTextAtSize(v, 12)).slice(0, 6), size: 12 };
  drawCentred(page, nameLines, bold, hex('#ffffff'), A4.height - 122, 1.2);

  drawCentred(page, { lines: [POSTER_TEXT.headline], size: 30 }, bold, hex('#111827'), A4.height - 262, 1.2);
  drawCentred(page, { lines: POSTER_TEXT.instructions, size: 16 }, regular, hex('#4b5563'), A4.height - 294, 1.35);

  // The QR as squares of exact size: the printer draws each module sharp at its own resolution.
  const qr = create(content.link, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const moduleSize = PDF_QR_SIZE / (qr.size + 2 * quiet);
  const qrLeft = (A4.width - PDF_QR_SIZE) / 2;
  const qrTop = A4.height - QR_TOP;
  const squares = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < qr.size; row += 1) {
    // One rectangle per run of dark modules in a row keeps the file small.
    for (let column = 0; column < qr.size; ) {
      if (!qr.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < qr.size && qr.get(row, column)) column += 1;
      squares.push(
        rectangle(qrLeft + (quiet + start) * moduleSize, qrTop - (quiet + row + 1) * moduleSize, (column - start) * moduleSize, moduleSize),
      );
    }
  }
  squares.push(fill(), popGraphicsState());
  page.pushOperators(...squares);

  // The link under the QR, whole: one line from 14 down to 10 pt, else wrapped from 12 pt down to the minimum
  // in the space left above the closing line.
  const link = printableText(content.link, regular);
  const linkTop = qrTop - PDF_QR_SIZE - 18;
  const linkRoom = linkTop - (FOOTER_BASELINE + 40);
  const linkLines = oneLine(link, regular, width, range(14, 10, 0.5)) ?? wrapped(link, regular, width, linkRoom, range(12, PDF_LINK_MIN_SIZE, 0.5), 1.25);
  if (!linkLines) throw new Error('Il link di adesione è troppo lungo per stare sulla locandina.');
  drawCentred(page, linkLines, regular, hex('#374151'), linkTop - linkLines.size, 1.25);

  drawCentred(page, { lines: [POSTER_TEXT.closing], size: 20 }, bold, hex('#1d4ed8'), FOOTER_BASELINE, 1.2);
  return pdf.save();
}

/** The poster of `business` on the run-time configuration's landing address, saved as an A4 PDF. */
export async function downloadSignupPosterPdf(business: { id: string; name: string }): Promise<void> {
  const { brandName, landingBaseUrl } = getRuntimeConfig();
  const bytes = await signupPosterPdf({ brandName, businessName: business.name, link: signupLink(landingBaseUrl, business.id) });
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), posterPdfFileName(business.name));
}
