/**
 * Reading an Excel file (`.xlsx`) for the import of cards (decision 073): exceljs's streaming reader, the first
 * sheet with data, row by row. Each row becomes the text cells a CSV record would have, so the checks and rules of
 * the CSV import apply unchanged (csv-import.ts): numbers as written ('12.5'), dates as 'YYYY-MM-DD', rich text
 * and links as their text, a formula as `=` and its formula (never run: a formula in a name is refused).
 *
 * Bounds: the file is at most the import's 20 MB; its unzipped size, read from the zip's central directory before
 * anything is inflated, at most XLSX_MAX_UNZIPPED (a zip bomb is refused without being opened); the reading stops
 * at the import's row limit; a row with more columns than the limit is refused. The event loop gets a turn at
 * least every slice (decision 061): the reader inflates and parses a chunk of the zip at a time.
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../errors';
import { IMPORT_MESSAGES } from '../../messages';
import type { CsvRecord } from './csv-import';

/** The largest unzipped size of an `.xlsx` read (its XML is about 10 times its zip). */
export const XLSX_MAX_UNZIPPED = 400 * 1024 * 1024;

/** A zip file (an `.xlsx` is one): it starts with a local file header. */
export const isXlsx = (body: Buffer) => body.length >= 4 && body.readUInt32LE(0) === 0x04034b50;

/**
 * The sum of the unzipped sizes of a zip's entries, from its central directory; Infinity for a ZIP64 archive (over
 * 4 GB), null for one whose directory cannot be read (damaged): both are refused.
 */
export function unzippedSize(zip: Buffer): number | null {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let at = zip.length - 22; at >= from; at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

/** 'YYYY-MM-DD' of a sheet's date: exceljs gives the day at midnight UTC (a sheet has no time zone). */
const day = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/** A cell's value as the text a CSV would have. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (value instanceof Date) return day(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return `=${'formula' in value ? value.formula : value.sharedFormula}`;
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return '';
}

interface Slices {
  readonly due: boolean;
  pause(): Promise<void>;
}

/** Bytes given to the reader at a time. */
const CHUNK = 64 * 1024;

/**
 * The rows of the first sheet that has any, as records (`lines` is the sheet's row number). More than `maxRows`
 * rows stop the reading (the caller refuses the file); a row wider than `maxColumns` is kept as wide as it is, for
 * the caller to refuse. Empty rows are left out, as csv-parse leaves out empty lines.
 */
export async function readXlsxRecords(body: Buffer, limits: { maxRows: number; maxColumns: number }, slices: Slices): Promise<CsvRecord[]> {
  const size = unzippedSize(body);
  if (size === null) throw badRequest(IMPORT_MESSAGES.xlsxUnreadable);
  if (size > XLSX_MAX_UNZIPPED) throw badRequest(IMPORT_MESSAGES.xlsxTooBig);
  // Loaded at the first spreadsheet, not with the API (see xlsx-export.ts).
  const { default: Excel } = await import('exceljs');
  // Read twice at most. exceljs's streaming reader now and then fails a good file when its reading is paused between
  // rows (the slices below): `Cannot read properties of undefined (reading 'sheets')` in WorkbookReader._parseWorksheet,
  // 1–3 reads in 1 500 of a 4-row file with pauses at random rows (none with a pause at every row); a CI run met it
  // (2026-12-02). The body is in memory, so a second reading costs nothing but the time; a file that is really
  // unreadable fails both and is refused as before.
  let records: CsvRecord[] | null = null;
  for (let attempt = 1; records === null; attempt++) {
    try {
      records = await readRows(Excel, body, limits, slices);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (attempt === 2) throw badRequest(IMPORT_MESSAGES.xlsxUnreadable);
    }
  }
  if (records.length === 0) throw badRequest(IMPORT_MESSAGES.xlsxNoSheet);
  return records;
}

/** One reading of the body's first sheet with rows; throws what exceljs throws. */
async function readRows(Excel: typeof ExcelJS, body: Buffer, limits: { maxRows: number; maxColumns: number }, slices: Slices): Promise<CsvRecord[]> {
  const chunks = (function* () {
    for (let at = 0; at < body.length; at += CHUNK) yield body.subarray(at, at + CHUNK);
  })();
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(chunks), {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  const records: CsvRecord[] = [];
  sheets: for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      // Past the limit: the caller refuses the file, the rest is not read.
      if (records.length > limits.maxRows) break sheets;
      const values = row.values as ExcelJS.CellValue[];
      // `values` is 1-based and sparse: index 0 is empty. A row wider than the limit keeps its width (refused).
      const record: string[] = [];
      for (let c = 1; c < values.length; c++) record.push(c <= limits.maxColumns + 1 ? cellText(values[c]).trim() : '');
      if (record.some((text) => text !== '')) records.push({ record, info: { lines: row.number } });
      if (slices.due) await slices.pause();
    }
    if (records.length > 0) break;
  }
  return records;
}
