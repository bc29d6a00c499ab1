/**
 * @jest-environment node
 *
 * The A4 poster made by the real pdf-lib and qrcode, read back with pdf-lib (shared's testing/pdf): its page
 * size, its text as a PDF reader sees it (each line, where and how large), and its QR code, painted from the
 * PDF's own squares into a bitmap and decoded with jsQR. The download itself, from the federated build, is in e2e/tests/print.spec.ts.
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { decodeVectorQr, readPdfPage } from '@loyalty/shared/testing/pdf';
import { A4, PDF_LINK_MIN_SIZE, PDF_MARGIN, PDF_QR_SIZE, posterPdfFileName, printableText, signupPosterPdf } from '../signupPosterPdf';
import { POSTER_TEXT, signupLink } from '../signupPoster';

let helvetica: PDFFont;
let helveticaBold: PDFFont;
beforeAll(async () => {
  const scratch = await PDFDocument.create();
  helvetica = await scratch.embedFont(StandardFonts.Helvetica);
  helveticaBold = await scratch.embedFont(StandardFonts.HelveticaBold);
});

const POSTER = { brandName: 'Appo', businessName: 'Bar Centrale', link: signupLink('https://fidelity.example.it', 'default-business-id') };

it('is one A4 page with the poster’s words in order, its title and language, named after the shop', async () => {
  const { pageCount, width, height, title, language, texts } = await readPdfPage(await signupPosterPdf(POSTER));
  expect(pageCount).toBe(1);
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
  expect(title).toBe('Locandina Carta Fedeltà – Bar Centrale');
  expect(language).toBe('it-IT');
  expect(posterPdfFileName('Caffè Roma & Co.')).toBe('locandina-caffe-roma-co-a4.pdf');
});

it('draws a 9 cm QR of vector squares, centred, that decodes to the signup link', async () => {
  const { rects, hasImages } = await readPdfPage(await signupPosterPdf(POSTER));
  const qr = decodeVectorQr(rects);
  expect(qr.text).toBe(POSTER.link);
  expect(qr.size).toBeCloseTo(PDF_QR_SIZE, 1);
  expect(qr.left + qr.size / 2).toBeCloseTo(A4.width / 2, 1);
  // No image anywhere: nothing a printer would enlarge.
  expect(hasImages).toBe(false);
});

it('prints a long link whole, wrapped inside the margins between the QR and the closing line', async () => {
  // The longest shop id the API takes, on a long landing address.
  const link = signupLink('https://tessere-fedelta.consorzio-commercianti-centro-storico.example.it/negozi/', `bottega-${'artigiana-'.repeat(19)}00`);
  expect(link.length).toBeGreaterThan(280);
  const { texts, rects } = await readPdfPage(await signupPosterPdf({ ...POSTER, link }));
  const linkLines = texts.slice(5, -1);
  expect(linkLines.length).toBeGreaterThan(1);
  expect(linkLines.map(({ text }) => text).join('')).toBe(link);
  const qr = decodeVectorQr(rects);
  expect(qr.text).toBe(link);
  const closing = texts.at(-1)!;
  for (const line of linkLines) {
    expect(line.size).toBeGreaterThanOrEqual(PDF_LINK_MIN_SIZE);
    expect(line.x).toBeGreaterThanOrEqual(PDF_MARGIN - 0.01);
    expect(line.x + helvetica.widthOfTextAtSize(line.text, line.size)).toBeLessThanOrEqual(A4.width - PDF_MARGIN + 0.01);
    expect(line.y + line.size).toBeLessThan(qr.bottom);
    expect(line.y - line.size * 0.25).toBeGreaterThan(closing.y + closing.size);
  }
  // Each line but the last breaks at a separator of the address: after '/', '&', '=', or before '-', '.', '_', '?',
  // '#' (wrapText.ts); none ends with a hyphen.
  linkLines.slice(0, -1).forEach((line, i) => {
    expect(/[/&= ]$/.test(line.text) || /^[-._?#]/.test(linkLines[i + 1].text)).toBe(true);
    expect(line.text.endsWith('-')).toBe(false);
  });
});

it('writes a name the standard font lacks letters for without failing, and wraps a long one in the header', async () => {
  expect(printableText('Caffè Łódź 🍕', helvetica)).toBe('Caffè ?ódz ?');
  const long = 'Antica Pasticceria e Caffetteria Artigianale dei Fratelli Bianchi dal 1921 in Piazza del Duomo';
  const { texts } = await readPdfPage(await signupPosterPdf({ ...POSTER, businessName: long }));
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
