/**
 * The Excel reader (features/import-export/xlsx-import.ts) reads a good file again when exceljs's streaming reader
 * fails it once (a race seen when its reading is paused between rows: `Cannot read properties of undefined (reading
 * 'sheets')`, 1–3 reads in 1 500), and still refuses, with the Italian sentence, a file that fails every reading.
 * exceljs is the real one; only its WorkbookReader is made to fail, the first time or every time.
 */
import ExcelJS from 'exceljs';
import { readXlsxRecords } from '../src/features/import-export/xlsx-import';
import { IMPORT_MESSAGES } from '../src/messages';

let mockFailures = 0;
jest.mock('exceljs', () => {
  const real = jest.requireActual('exceljs');
  class FlakyReader extends real.stream.xlsx.WorkbookReader {
    async *[Symbol.asyncIterator]() {
      if (mockFailures > 0) {
        mockFailures--;
        throw new TypeError("Cannot read properties of undefined (reading 'sheets')");
      }
      yield* super[Symbol.asyncIterator]();
    }
  }
  const stream = { ...real.stream, xlsx: { ...real.stream.xlsx, WorkbookReader: FlakyReader } };
  return { __esModule: true, ...real, stream, default: { ...real, stream } };
});

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clienti');
  sheet.addRow(['Nome', 'E-mail']);
  sheet.addRow(['Caterina Sforza', 'caterina@example.it']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const LIMITS = { maxRows: 100, maxColumns: 10 };
const NO_PAUSE = { due: false, pause: async () => undefined };

it('reads a good file again after one failed reading', async () => {
  mockFailures = 1;
  const records = await readXlsxRecords(await workbook(), LIMITS, NO_PAUSE);
  expect(records.map((r) => r.record)).toEqual([
    ['Nome', 'E-mail'],
    ['Caterina Sforza', 'caterina@example.it'],
  ]);
  expect(mockFailures).toBe(0);
});

it('refuses, in Italian, a file that fails both readings', async () => {
  mockFailures = 2;
  await expect(readXlsxRecords(await workbook(), LIMITS, NO_PAUSE)).rejects.toMatchObject({ message: IMPORT_MESSAGES.xlsxUnreadable });
  expect(mockFailures).toBe(0);
});
