/**
 * @jest-environment node
 *
 * The A4 poster made by the real pdf-lib and qrcode, read back with pdf-lib: its page size, its text as a PDF
 * reader sees it (each line, where and how large), and its QR code, painted from the PDF's own squares into a
 * bitmap and decoded with jsQR. The download itself, from the federated build, is in e2e/tests/print.spec.ts.
 */
import jsQR from 'jsqr';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFString, StandardFonts, decodePDFRawStream, type PDFFont } from 'pdf-lib';
import { A4, PDF_LINK_MIN_SIZE, PDF_MARGIN, PDF_QR_SIZE, posterPdfFileName, printableText, signupPosterPdf } from '../signupPosterPdf';
import { POSTER_TEXT, signupLink } from '../signupPoster';

interface Text {
  text: string;
  x: number;
  y: number;
  size: number;
}
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

/** The page's drawing operators, one per line as pdf-lib writes them: the text lines and the filled rectangles. */
async function readPoster(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const pages = pdf.getPages();
  const contents = pages[0].node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const source = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
  const texts: Text[] = [];
  const rects: Rect[] = [];
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
      // pdf-lib writes a standard font's text as hex bytes in Windows-1252, Latin-1 for every letter used here.
      const hex = line.trim().match(/^<([0-9A-Fa-f]*)>/)![1];
      texts.push({ text: Buffer.from(hex, 'hex').toString('latin1'), size, ...at });
    }
  }
  return { pdf, pages, texts, rects };
}

/** What the black squares say: painted at 4 px a module on white, with the quiet zone, and decoded. */
function decodeQr(rects: Rect[]): { text: string | null; left: number; bottom: number; size: number } {
  const dark = rects.filter((rect) => rect.color === '0 0 0');
  const module = Math.min(...dark.map((rect) => rect.height));
  const left = Math.min(...dark.map((rect) => rect.x)) - 4 * module;
  const bottom = Math.min(...dark.map((rect) => rect.y)) - 4 * module;
  const top = Math.max(...dark.map((rect) => rect.y + rect.height)) + 4 * module;
  const modules = Math.round((top - bottom) / module);
  const scale = 4;
  const side = modules * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const rect of dark) {
    const column = Math.round((rect.x - left) / module);
    const row = Math.round((top - rect.y - rect.height) / module);
    const width = Math.round(rect.width / module);
    for (let y = row * scale; y < (row + 1) * scale; y += 1)
      for (let x = column * scale; x < (column + width) * scale; x += 1) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
  }
  return { text: jsQR(pixels, side, side)?.data ?? null, left, bottom, size: top - bottom };
}

let helvetica: PDFFont;
let helveticaBold: PDFFont;
beforeAll(async () => {
  const scratch = await PDFDocument.create();
  helvetica = await scratch.embedFont(StandardFonts.Helvetica);
  helveticaBold = await scratch.embedFont(StandardFonts.HelveticaBold);
});

const POSTER = { brandName: 'Appo', businessName: 'Bar Centrale', link: signupLink('https://fidelity.example.it', 'default-business-id') };

it('is one A4 page with the poster’s words in order, its title and language, named after the shop', async () => {
  const { pdf, pages, texts } = await readPoster(await signupPosterPdf(POSTER));
  expect(pages).toHaveLength(1);
  const { width, height } = pages[0].getSize();
  expect([width, height]).toEqual([A4.width, A4.height]);
  expect([A4.width, A4.height]).toEqual([595.28, 841.89]);
  expect(texts.map(({ text }) => text)).toEqual([
    'Appo',
    'Bar Centrale',
    POSTER_TEXT.headline,
    ...POSTER_TEXT.instructions,
    'https://fidelity.example.it/loyalty-cards/create?business_id=default-business-id',
    POSTER_TEXT.closing,
  ]);
  expect(pdf.getTitle()).toBe('Locandina Carta Fedeltà – Bar Centrale');
  expect(pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('it-IT');
  expect(posterPdfFileName('Caffè Roma & Co.')).toBe('locandina-caffe-roma-co-a4.pdf');
});

it('draws a 9 cm QR of vector squares, centred, that decodes to the signup link', async () => {
  const { rects } = await readPoster(await signupPosterPdf(POSTER));
  const qr = decodeQr(rects);
  expect(qr.text).toBe(POSTER.link);
  expect(qr.size).toBeCloseTo(PDF_QR_SIZE, 1);
  expect(qr.left + qr.size / 2).toBeCloseTo(A4.width / 2, 1);
  // No image anywhere: nothing a printer would enlarge.
  expect(Buffer.from(await signupPosterPdf(POSTER)).toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
});

it('prints a long link whole, wrapped inside the margins between the QR and the closing line', async () => {
  // The longest shop id the API takes, on a long landing address.
  const link = signupLink('https://tessere-fedelta.consorzio-commercianti-centro-storico.example.it/negozi/', `bottega-${'artigiana-'.repeat(19)}00`);
  expect(link.length).toBeGreaterThan(280);
  const { texts, rects } = await readPoster(await signupPosterPdf({ ...POSTER, link }));
  const linkLines = texts.slice(5, -1);
  expect(linkLines.length).toBeGreaterThan(1);
  expect(linkLines.map(({ text }) => text).join('')).toBe(link);
  const qr = decodeQr(rects);
  expect(qr.text).toBe(link);
  const closing = texts.at(-1)!;
  for (const line of linkLines) {
    expect(line.size).toBeGreaterThanOrEqual(PDF_LINK_MIN_SIZE);
    expect(line.x).toBeGreaterThanOrEqual(PDF_MARGIN - 0.01);
    expect(line.x + helvetica.widthOfTextAtSize(line.text, line.size)).toBeLessThanOrEqual(A4.width - PDF_MARGIN + 0.01);
    expect(line.y + line.size).toBeLessThan(qr.bottom);
    expect(line.y - line.size * 0.25).toBeGreaterThan(closing.y + closing.size);
  }
  // Each line but the last breaks after a separator of the address.
  for (const line of linkLines.slice(0, -1)) expect(line.text).toMatch(/[/?&=._-]$/);
});

it('writes a name the standard font lacks letters for without failing, and wraps a long one in the header', async () => {
  expect(printableText('Caffè Łódź 🍕', helvetica)).toBe('Caffè ?ódz ?');
  const long = 'Antica Pasticceria e Caffetteria Artigianale dei Fratelli Bianchi dal 1921 in Piazza del Duomo';
  const { texts } = await readPoster(await signupPosterPdf({ ...POSTER, businessName: long }));
  const header = texts.filter(({ y }) => y > A4.height - 210 && y < A4.height - 100);
  expect(header.length).toBeGreaterThan(1);
  expect(header.map(({ text }) => text).join('')).toBe(long);
  for (const line of header) {
    expect(line.x).toBeGreaterThanOrEqual(PDF_MARGIN - 0.01);
    expect(line.x + helveticaBold.widthOfTextAtSize(line.text, line.size)).toBeLessThanOrEqual(A4.width - PDF_MARGIN + 0.01);
  }
});

it('refuses a link no QR code can hold, so the screen says the poster could not be made', async () => {
  await expect(signupPosterPdf({ ...POSTER, link: `https://x.it/?id=${'a'.repeat(3000)}` })).rejects.toThrow();
});
