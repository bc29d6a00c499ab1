/**
 * `@loyalty/shared/print-image`: downloads of files made in the page for print, an entry of its own. A bundler
 * keeps a dynamic import's chunk even when the function around it is unused, so neither `@loyalty/shared`
 * (every dashboard screen downloads it whole) nor `@loyalty/shared/page-script` (the login and customer pages)
 * carries this; only the page or the click that offers a print download.
 */
import { downloadUrl } from './download';

/** Saves a file made in the page (a PDF, a PNG) through a temporary download link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  downloadUrl(href, fileName);
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/**
 * Saves the canvas as a PNG that says its resolution (a pHYs chunk of `dpi`), so a print shop's or an office
 * program's "actual size" prints it at that size. changedpi is loaded only for this.
 */
export async function downloadCanvasPngAtDpi(canvas: HTMLCanvasElement, fileName: string, dpi: number): Promise<void> {
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Impossibile creare l'immagine in questo browser."))), 'image/png'),
  );
  const { changeDpiBlob } = await import('changedpi');
  downloadBlob(await changeDpiBlob(png, dpi), fileName);
}
