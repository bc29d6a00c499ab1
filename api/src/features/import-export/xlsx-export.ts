/**
 * The admin's Excel exports (`.xlsx`) of a business's cards and ledger (decision 073): the rows of the CSV exports
 * (csv-export.ts) written by exceljs's streaming writer with typed cells, so a spreadsheet changes nothing:
 * numbers are numbers, days and instants are dates (Rome's wall-clock time, as the CSV writes it), and everything
 * else (names, phones, card numbers, e-mails) is a text cell formatted as text (`@`). A text cell is never a
 * formula, whatever its first character, so no `'` is needed, and none shows. Streamed: a row is written as it
 * is read.
 */
import { PassThrough, type Readable } from 'node:stream';

export type XlsxType = 'text' | 'number' | 'day' | 'instant';

/** The type of each column of the cards file (CARD_HEADERS' order). */
export const CARD_TYPES: XlsxType[] = ['text', 'text', 'text', 'text', 'number', 'number', 'day', 'instant', 'text', 'text', 'text'];
/** The type of each column of the ledger file (LEDGER_HEADERS' order). */
export const LEDGER_TYPES: XlsxType[] = ['instant', 'text', 'text', 'text', 'number', 'number', 'text', 'text', 'text'];

const FORMATS: Record<XlsxType, string> = { text: '@', number: '#,##0.##', day: 'dd/mm/yyyy', instant: 'dd/mm/yyyy hh:mm:ss' };
const WIDTHS: Record<XlsxType, number> = { text: 22, number: 12, day: 12, instant: 20 };

/** 'DD/MM/YYYY' or 'DD/MM/YYYY HH:MM:SS' (the exports' SQL) as that wall-clock time; null for none. */
export function exportedDate(text: string | null): Date | null {
  const m = text ? /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text) : null;
  if (!m) return null;
  const [, d, mo, y, h = '0', mi = '0', s = '0'] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

function typed(value: string | number | null, type: XlsxType): string | number | Date | null {
  if (value === null || value === '') return null;
  if (type === 'number') return Number(value);
  if (type === 'day' || type === 'instant') return exportedDate(String(value));
  return String(value);
}

/** An `.xlsx` file of one sheet: `headers` in bold, then each row of `rows` (cells in the headers' order) typed by `types`. */
export function xlsxFile(sheetName: string, headers: string[], types: XlsxType[], rows: Readable): Readable {
  // A column added to the headers without its type would shift every type after it (a number written as text).
  if (types.length !== headers.length) throw new Error(`xlsxFile: ${headers.length} columns, ${types.length} types`);
  const out = new PassThrough();
  void (async () => {
    // Loaded at the first spreadsheet, not with the API: exceljs and its zip libraries were the heaviest part of
    // loading the app (about a second of a start on a busy machine, in every test suite and every API process).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = headers.map((header, i) => ({ header, key: String(i), width: Math.max(WIDTHS[types[i]], header.length + 2), style: { numFmt: FORMATS[types[i]] } }));
    sheet.getRow(1).font = { bold: true };
    for await (const cells of rows as AsyncIterable<(string | number | null)[]>) {
      sheet.addRow(cells.map((value, i) => typed(value, types[i]))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
