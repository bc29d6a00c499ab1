/**
 * The admin's CSV exports of a business's cards and ledger (docs/decisions/043-csv-export.md).
 *
 * The files are made for Italian Excel: UTF-8 with a BOM (else Excel reads them as Windows-1252), `;`
 * between cells (Excel's list separator where the decimal separator is the comma), CRLF, quoting per
 * RFC 4180 (csv-stringify), decimals with a comma, dates 'DD/MM/YYYY' and 'DD/MM/YYYY HH:MM:SS'.
 *
 * Formula injection: a text cell starting with `=`, `+`, `-`, `@`, a tab or a CR gets a leading `'`, so
 * Excel and LibreOffice show it as text instead of running it (OWASP "CSV injection"). Numbers are
 * written by the number cast, never through that rule: a negative balance or ledger row stays a number.
 * Phone numbers are stored in E.164 ('+393331234567', decision 024) and fall under the rule:
 * `'+393331234567` is shown as written, never run as `=+39…` nor turned into the number 393331234567.
 */
import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Channel } from '../messaging/types';
import type { CardExpiring, LedgerEntry, LoyaltyCardsRepository } from '../cards/repository';
import type { CardExportRow, ExportCursor, ExportsRepository, LedgerExportRow } from './exports-repository';

/** Rows read per statement: a batch is all an export holds in memory. */
export const EXPORT_BATCH_SIZE = 1000;

/** The characters that make a spreadsheet read a cell as a formula (or hide where it starts). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet may safely open it: a leading `'` before a formula's first character. */
export const neutraliseFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** A number as Italian Excel reads it: decimal comma, no thousands separator ('-12,5'). */
export const italianNumber = (value: number): string => String(value).replace('.', ',');

/** 'DD/MM/YYYY HH:MM:SS' in Europe/Rome, as the SQL of the admin exports writes it (features/import-export/exports-repository.ts); '' for none. */
export function italianDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** 'YYYY-MM-DD' (a day, no time zone) → 'DD/MM/YYYY'; anything else unchanged. */
export const italianDate = (day: string | null | undefined): string => (day ? day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1') : '');

const yesNo = (value: boolean) => (value ? 'sì' : 'no');

/** The ledger's kinds with the names the cards screen's "Tipo" column gives them (remote-cards ledgerKind.ts). */
export const LEDGER_KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  credit: 'accredito',
  redemption: 'riscatto',
  expiry: 'scadenza',
  birthday: 'bonus compleanno',
  adjustment: 'rettifica',
};

const CHANNEL_HEADERS: [Channel, string][] = [
  ['whatsapp', 'Consenso marketing WhatsApp'],
  ['sms', 'Consenso marketing SMS'],
  ['email', 'Consenso marketing email'],
];

/**
 * The cards file's columns. 'Nome', 'Email', 'Telefono', 'Punti' and 'Data di nascita' are the headers the
 * CSV import of cards looks for, so an exported file can be imported again.
 */
export const CARD_HEADERS = [
  'Numero carta',
  'Nome',
  'Email',
  'Telefono',
  'Punti',
  'Punti in scadenza entro 30 giorni',
  'Data di nascita',
  'Creata il',
  ...CHANNEL_HEADERS.map(([, header]) => header),
];

export const LEDGER_HEADERS = ['Data', 'Numero carta', 'Cliente', 'Tipo', 'Punti', 'Importo (€)', 'Premio', 'Descrizione', 'Operatore'];

type Cell = string | number | null;

function cardCells(card: CardExportRow, expiring: CardExpiring | undefined): Cell[] {
  return [
    card.card_number,
    card.customer_name,
    card.email,
    card.customer_phone,
    card.points,
    expiring?.points ?? 0,
    card.birth_date,
    card.created_at,
    ...CHANNEL_HEADERS.map(([channel]) => yesNo(card.marketing_channels.includes(channel))),
  ];
}

const ledgerCells = (row: LedgerExportRow): Cell[] => [
  row.created_at,
  row.card_number,
  row.customer_name,
  LEDGER_KIND_LABELS[row.kind],
  row.points,
  // A sale's amount spent (decision 075), a number in euro; empty for any other row.
  row.amount_cents === null ? null : row.amount_cents / 100,
  row.reward_name,
  row.description,
  row.author_name,
];

/** The CSV writer every export uses: rows of cells in, bytes out. */
export function csvWriter(headers: string[]): Stringifier {
  return stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    // csv-stringify quotes a cell holding the record delimiter (CRLF) but not a lone LF or CR, which a
    // spreadsheet still reads as the end of the row: a description typed on two lines broke the row in two.
    quoted_match: /[\r\n]/,
    columns: headers,
    header: true,
    cast: { string: neutraliseFormula, number: italianNumber },
  });
}

/** Every row of a keyset-paged source, one batch at a time (the next batch is read when the stream asks for more). */
async function* batches<T extends { id: string; cursor_at: string }>(
  read: (after: ExportCursor | null) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
  }
}

/** The cards file of a business, streamed: rows of cells (the writer turns them into CSV). */
export function cardRows(exportsRepo: ExportsRepository, cards: LoyaltyCardsRepository, businessId: string, now: Date): Readable {
  return Readable.from(
    (async function* () {
      for await (const batch of batches((after) => exportsRepo.cardsBatch(businessId, after, EXPORT_BATCH_SIZE))) {
        const expiring = await cards.expiringFor(batch.map((c) => c.id), now);
        for (const card of batch) yield cardCells(card, expiring.get(card.id));
      }
    })(),
  );
}

/** The ledger file of a business, streamed: one window of the whole ledger at a time (features/import-export/exports-repository.ts). */
export function ledgerRows(exportsRepo: ExportsRepository, businessId: string): Readable {
  return Readable.from(
    (async function* () {
      let after: ExportCursor | null = null;
      do {
        const window = await exportsRepo.ledgerWindow(businessId, after);
        for (const row of window.rows) yield ledgerCells(row);
        after = window.next;
      } while (after);
    })(),
  );
}

/**
 * An ASCII file name for Content-Disposition: `<what>-<shop>-<YYYY-MM-DD>.csv` (or `.xlsx`), the shop's name without
 * accents, anything else than letters and digits a single '-' ('Caffè Roma & C.' → 'caffe-roma-c').
 */
export function exportFileName(what: string, shopName: string, day: string, extension: 'csv' | 'xlsx' = 'csv'): string {
  const shop = shopName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${what}-${shop || 'negozio'}-${day}.${extension}`;
}
