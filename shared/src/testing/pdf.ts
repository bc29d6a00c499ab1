/**
 * '@loyalty/shared/testing/pdf': reads back a one-page PDF that pdf-lib wrote, as a reader sees it, for Jest and the
 * journeys: the page size, the document's title and language, each line of text (where, how large) and each
 * filled rectangle (where, in which colour); and decodes a QR code drawn as black squares by painting them into
 * a bitmap for jsQR. Kept out of '@loyalty/shared/testing' so a test that does not read PDFs never loads pdf-lib.
 */
import jsQR from 'jsqr';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from 'pdf-lib';

export interface PdfText {
  text: string;
  x: number;
  y: number;
  size: number;
}

export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The filling colour as its 'r g b' operands (0–1), '0 0 0' for black. */
  color: string;
}

export interface PdfPage {
  pageCount: number;
  width: number;
  height: number;
  title: string | undefined;
  language: string | undefined;
  /** Whether any image is embedded (a QR drawn as squares has none). */
  hasImages: boolean;
  texts: PdfText[];
  rects: PdfRect[];
}

/** The first page's drawing operators, one per line as pdf-lib writes them. */
export async function readPdfPage(bytes: Uint8Array): Promise<PdfPage> {
  const pdf = await PDFDocument.load(bytes);
  const pages = pdf.getPages();
  const contents = pages[0].node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const source = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
  const texts: PdfText[] = [];
  const rects: PdfRect[] = [];
  let color = '';
  let size = 0;
  let at = { x: 0, y: 0 };
  for (const line of source.split('\n')) {
    const parts = line.trim().split(/\s+/);
    const operator = parts.at(-1);
    const numbers = parts.slice(0, -1).map(Number);
    if (operator === 'rg') color = numbers.join(' ');
    else if (operator === 'Tf') size = numbers[numbers.length - 1];
    else if (operator === 'Tm') at = { x: numbers[4], y: numbers[5] };
    else if (operator === 're') rects.push({ x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], color });
    else if (operator === 'Tj') {
      // pdf-lib writes a standard font's text as hex bytes in Windows-1252, which is Latin-1 for every letter
      // of Italian.
      const hex = /^<([0-9A-Fa-f]*)>/.exec(line.trim())![1];
      texts.push({ text: Buffer.from(hex, 'hex').toString('latin1'), size, ...at });
    }
  }
  const { width, height } = pages[0].getSize();
  const language = pdf.catalog.lookupMaybe(PDFName.of('Lang'), PDFString)?.decodeText();
  const hasImages = /\/Subtype\s*\/Image/.test(Buffer.from(bytes).toString('latin1'));
  return { pageCount: pages.length, width, height, title: pdf.getTitle(), language, hasImages, texts, rects };
}

export interface VectorQr {
  /** What the QR says, or null when jsQR cannot read it. */
  text: string | null;
  /** The QR's box with its 4-module quiet zone, in points. */
  left: number;
  bottom: number;
  size: number;
}

/** What the black squares say: painted at 4 px a module on white, with the quiet zone, and decoded. */
export function decodeVectorQr(rects: PdfRect[]): VectorQr {
  const dark = rects.filter((rect) => rect.color === '0 0 0');
  const module = Math.min(...dark.map((rect) => rect.height));
  const left = Math.min(...dark.map((rect) => rect.x)) - 4 * module;
  const bottom = Math.min(...dark.map((rect) => rect.y)) - 4 * module;
  const top = Math.max(...dark.map((rect) => rect.y + rect.height)) + 4 * module;
  const scale = 4;
  const side = Math.round((top - bottom) / module) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const rect of dark) {
    const column = Math.round((rect.x - left) / module);
    const row = Math.round((top - rect.y - rect.height) / module);
    const modules = Math.round(rect.width / module);
    for (let y = row * scale; y < (row + 1) * scale; y += 1) {
      for (let x = column * scale; x < (column + modules) * scale; x += 1) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { text: jsQR(pixels, side, side)?.data ?? null, left, bottom, size: top - bottom };
}
