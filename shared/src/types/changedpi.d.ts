/** changedpi ships no types: the one function the card's print download uses. */
declare module 'changedpi' {
  /** The same image with its resolution set to `dpi` (PNG: a pHYs chunk; JPEG: the JFIF density). */
  export function changeDpiBlob(blob: Blob, dpi: number): Promise<Blob>;
}
