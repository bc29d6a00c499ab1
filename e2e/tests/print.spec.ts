/**
 * Print quality, from the federated build in Chromium, on a shop of the journey's own with a long name: a
 * customer downloads the card at a credit card's size at 300 dpi from the signup page (its QR read back from the
 * file, its resolution from the PNG's pHYs chunk), and the shop's admin downloads the counter poster as an A4
 * PDF, read back with pdf-lib: the page size, the signup link printed whole, the QR decoding to it. The PDF
 * library is fetched only on that click.
 */
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { decodeVectorQr, readPdfPage } from '@loyalty/shared/testing/pdf';
import { runtimeAddresses } from '../src/admin-api';
import { login, recordScripts } from '../src/fixtures';
import { LANDING_URL, LIBRARY_MARKERS, closeColors, e2eRuntimeConfig, pngPixelsPerMetre, readPngWithQr, rgbOf, withCookieChoiceSaved } from '../src/landing';
import { createShop, type Shop } from '../src/shop';

/** 300 dpi in the PNG's unit: pixels per metre. */
const DPI_300 = Math.round(300 / 0.0254);

let shop: Shop;
test.beforeAll(async () => {
  shop = await createShop('Antica Pasticceria e Caffetteria Artigianale dei Fratelli Bianchi in Piazza del Duomo');
});

test('a customer downloads the card for print: a credit card at 300 dpi whose QR opens add-points', async ({ page }) => {
  await withCookieChoiceSaved(page);
  await page.goto(`${LANDING_URL}/loyalty-cards/create?business_id=${shop.businessId}`);
  await page.getByLabel('Email', { exact: true }).fill(`stampa.${Date.now()}@example.it`);
  await page.getByLabel('Nome completo').fill('Stefania Stampa');
  await page.getByLabel('Numero di telefono').fill('+39 333 3004455');
  await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
  const created = page.waitForResponse((res) => res.url().endsWith('/api/users/loyalty-cards/create') && res.ok());
  await page.getByRole('button', { name: 'Ottieni' }).click();
  const card = (await (await created).json()) as { id: string; user_id: string };

  const print = page.getByRole('button', { name: 'Scarica in alta risoluzione (300 dpi)' });
  await expect(print).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), print.click()]);
  const { brandName, dashboardBaseUrl } = e2eRuntimeConfig();
  expect(file.suggestedFilename()).toBe(`${brandName.toLowerCase()}-carta-fedelta-300dpi.png`);
  const path = (await file.path())!;
  const png = readPngWithQr(path);
  // 85.60 × 53.98 mm at 300 dpi.
  expect({ width: png.width, height: png.height }).toEqual({ width: 1011, height: 638 });
  expect(png.qr).toBe(`${dashboardBaseUrl}/dashboard/add-points?card_id=${card.id}&user_id=${card.user_id}`);
  // Unit 1: metres, so programs print it at its real size.
  expect(pngPixelsPerMetre(path)).toEqual({ x: DPI_300, y: DPI_300, unit: 1 });
  // The shop has no colour of its own: the dark blue card, its gradient filling the rows above and below the
  // scaled design too (the bottom-left corner is a little further along the gradient).
  expect(closeColors(png.pixel(1, 1), rgbOf('#1e3a8a')), `corner ${png.pixel(1, 1).join(',')}`).toBe(true);
  expect(closeColors(png.pixel(1, 636), rgbOf('#1e3a8a'), 30), `corner ${png.pixel(1, 636).join(',')}`).toBe(true);
  await test.info().attach('carta-300dpi.png', { path, contentType: 'image/png' });
  await expect(page.getByRole('alert').filter({ hasText: 'alta risoluzione' })).toBeHidden();
});

test('the shop’s admin downloads the counter poster as an A4 PDF, its library fetched only then', async ({ page }) => {
  const scripts = recordScripts(page);
  await login(page, shop.account);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni App' })).toBeVisible();
  await page.getByRole('tab', { name: 'Aziende' }).click();
  const button = page.getByRole('button', { name: `Scarica per la stampa (PDF A4) la locandina di ${shop.businessName}` });
  // The screen is shown with its buttons: everything it needed has been fetched (the dashboard keeps a
  // connection open, so the network is never idle).
  await expect(button).toBeVisible();
  const bodies = async () => Promise.all(scripts.map((script) => script.body));
  const withPdfLib = async () => (await bodies()).filter((body) => body.includes(LIBRARY_MARKERS.pdfLib)).length;
  expect(await withPdfLib()).toBe(0);
  const before = (await bodies()).reduce((total, body) => total + body.length, 0);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^locandina-antica-pasticceria-e-caffetteria-artigianale-.+-a4\.pdf$/);
  expect(await withPdfLib()).toBe(1);
  test.info().annotations.push({ type: 'javascript', description: `settings screen before the PDF: ${before} bytes (uncompressed); pdf-lib chunk fetched on the click` });

  const bytes = fs.readFileSync((await download.path())!);
  await test.info().attach('locandina-a4.pdf', { body: bytes, contentType: 'application/pdf' });
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await readPdfPage(bytes);
  expect({ pages: pdf.pageCount, width: pdf.width, height: pdf.height }).toEqual({ pages: 1, width: 595.28, height: 841.89 });
  const link = `${runtimeAddresses().landingBaseUrl}/loyalty-cards/create?business_id=${shop.businessId}`;
  // The page's lines in order, joined: the link whole (on one line or on consecutive ones, never cut), the
  // shop's long name whole across the header's lines; the QR says the same link.
  const printed = pdf.texts.map(({ text }) => text).join('');
  expect(printed).toContain(link);
  expect(printed).toContain(shop.businessName);
  expect(decodeVectorQr(pdf.rects).text).toBe(link);
  expect(pdf.title).toBe(`Locandina Carta Fedeltà – ${shop.businessName}`);
});
