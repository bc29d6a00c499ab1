/**
 * An admin's import of cards from a CSV or Excel file (docs/decisions/046-csv-import.md, 073-excel-files.md).
 * csv-parse reads a CSV's records (UTF-8, else Windows-1252), exceljs's streaming reader an `.xlsx`'s first sheet
 * (xlsx-import.ts); this file finds the columns by their Italian or English header (synonyms: decision 073), validates each row with the rules of a card
 * created through the API, and writes the new cards and their "Saldo importato" ledger rows with set-based
 * statements, in batches. A 100 000-row file never holds the API's thread for more than a slice of a few
 * milliseconds, nor PGlite for more than one batch (docs/decisions/061-imports-never-block.md).
 */
import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse as parseStream, type Options as CsvParseOptions } from 'csv-parse';
import iconv from 'iconv-lite';
import type { Db, DbKind, Queryable } from '../../db';
import { CONSENT_WORDING, MARKETING_CONSENT_MONTHS } from '../../consent-wording';
import { badRequest } from '../../errors';
import { IMPORT_CONSENT_MESSAGES, IMPORT_MESSAGES } from '../../messages';
import { canonicalChannels, type Channel } from '../messaging/types';
import { createConsentsRepository, type MarketingConsentChange } from '../consents/repository';
import { POINTS_BALANCE_MAX, randomCardNumber } from '../cards/repository';
import { requiredEmail } from '../../schemas/common';
import { normalizePhone } from '../../lib/phone';
import { CONTROL_CHARACTER, customerNameProblem } from '../../lib/customer-name';
import { isXlsx, readXlsxRecords } from './xlsx-import';

/** The largest file the route reads (its body limit). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Data rows a file may have (the header not counted). */
export const IMPORT_MAX_ROWS = 100_000;
/** Columns a row may have: far more than any export of ours (11), far fewer than a broken file's. */
export const IMPORT_MAX_COLUMNS = 100;
/** Characters a cell may have. */
const MAX_CELL = 1000;
/** Invalid rows listed in an answer (all are counted). */
export const IMPORT_MAX_LISTED = 1000;

type Field = 'name' | 'surname' | 'email' | 'phone' | 'points' | 'birth_date' | 'consent_channels' | 'consent_date' | 'consent_source';

/**
 * Headers, compared lower-case, without accents, with spaces, `_`, `-` and `.` as one space (`E-mail`, `E_MAIL`,
 * `Data nascita`, `Punti fedeltà`). When two columns answer one field, the one whose header comes first in its list
 * is used (a mobile number before a landline) and the other is listed as ignored.
 */
const HEADERS: Record<Field, string[]> = {
  name: ['nome', 'nome e cognome', 'nome completo', 'nominativo', 'full name', 'name', 'first name'],
  surname: ['cognome', 'last name', 'surname'],
  email: ['email', 'e mail', 'mail', 'indirizzo email', 'indirizzo e mail', 'posta elettronica', 'email address'],
  phone: ['cellulare', 'telefono cellulare', 'numero di cellulare', 'cell', 'mobile', 'mobile phone', 'telefono', 'numero di telefono', 'tel', 'phone', 'phone number'],
  points: ['punti', 'saldo', 'saldo punti', 'punti fedelta', 'points', 'balance'],
  birth_date: ['data di nascita', 'data nascita', 'nascita', 'nato il', 'birth date', 'birthdate', 'date of birth'],
  // Decision 050: marketing consent with when and how it was given. Our export's "Consenso marketing WhatsApp"
  // (Sì/No, without when nor how) is not one of them: an exported file brings no consent back.
  consent_channels: ['consenso marketing', 'marketing consent'],
  consent_date: ['data consenso', 'data del consenso', 'consent date'],
  consent_source: ['fonte consenso', 'fonte del consenso', 'consent source'],
};

/** The channel names a "consenso marketing" cell may list (lower-case), Italian and English. */
const CHANNEL_NAMES: Record<string, Channel> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  sms: 'sms',
  whatsapp: 'whatsapp',
  'whats-app': 'whatsapp',
  wa: 'whatsapp',
};
/** Characters a "fonte consenso" may have (kept in the consent event as its evidence). */
export const CONSENT_SOURCE_MAX = 200;

const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, ' ')
    .trim();

/** What each column is used for, in the preview's words. */
const FIELD_LABELS: Record<Field, string> = {
  name: 'nome',
  surname: 'cognome (unito al nome)',
  email: 'email',
  phone: 'telefono',
  points: 'punti',
  birth_date: 'data di nascita',
  consent_channels: 'consenso marketing (canali)',
  consent_date: 'data del consenso',
  consent_source: 'fonte del consenso',
};

/** How the file was read: the preview says it, so a person can tell a wrong guess (with the sample's names). */
export type ImportFormat = 'csv-utf8' | 'csv-windows-1252' | 'xlsx';

export interface ImportColumns {
  used: { header: string; field: string }[];
  ignored: string[];
}

/** The first rows that would be imported, as they would be stored: the preview shows them. */
export const IMPORT_SAMPLE_ROWS = 5;
export type ImportSampleRow = Pick<ImportCandidate, 'line' | 'name' | 'email' | 'phone' | 'points' | 'birth_date'>;

export interface ImportCandidate {
  line: number;
  name: string;
  email: string | null;
  phone: string | null;
  points: number;
  /** 'YYYY-MM-DD' */
  birth_date: string | null;
  /** The marketing consent the file says was given: channels, the day ('YYYY-MM-DD'), how (the evidence). */
  consent: ImportedConsent | null;
}

export interface ImportedConsent {
  channels: Channel[];
  /** 'YYYY-MM-DD', within the last 24 months. */
  date: string;
  source: string;
}

export interface ImportIssue {
  line: number;
  reason: string;
}

export interface ImportOutcome {
  /** Rows that are (dry run) or were imported. */
  valid: number;
  /** The first IMPORT_MAX_LISTED rows not imported, with why, in file order. */
  invalid: ImportIssue[];
  /** All the rows not imported, including the skipped ones. */
  invalid_count: number;
  imported: number;
  /** Rows whose email or phone already belongs to a card of the business ("già presente"). */
  skipped: number;
  /** Of the `valid` rows, those that carry (dry run) or brought (import) a marketing consent. */
  with_consent: number;
  format: ImportFormat;
  columns: ImportColumns;
  /** The first IMPORT_SAMPLE_ROWS valid rows of the file, as they would be stored. */
  sample: ImportSampleRow[];
}

export interface ParsedFile {
  rows: ImportCandidate[];
  invalid: ImportIssue[];
  format: ImportFormat;
  columns: ImportColumns;
}

/**
 * Work done between two turns given to the event loop (decision 061): an import runs on the API's one thread,
 * beside every other request; each slice of its reading, checking and writing takes about this long and then lets
 * the waiting requests (and the health check) in.
 */
const SLICE_MS = 8;

/** Counts the time since the event loop last had a turn; `pause` gives it one. */
function createSlices(budgetMs = SLICE_MS) {
  let started = performance.now();
  return {
    /** True once this slice has used its time. */
    get due() {
      return performance.now() - started >= budgetMs;
    },
    async pause() {
      await nextTurn();
      started = performance.now();
    },
  };
}
type Slices = ReturnType<typeof createSlices>;

/** Bytes decoded or parsed between two checks of the time (about a millisecond of work each). */
const READ_CHUNK = 64 * 1024;

const hasBom = (body: Buffer, at: number) => body[at] === 0xef && body[at + 1] === 0xbb && body[at + 2] === 0xbf;

/**
 * Bytes Windows-1252 does not have (0x81, 0x8d, 0x8f, 0x90, 0x9d: iconv-lite gives U+FFFD) and NUL (UTF-16 text
 * is half NULs): a file with them is in another encoding. (Node's own TextDecoder reads 'windows-1252' as
 * ISO-8859-1: 0x80 would not be €.)
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const NOT_WINDOWS_1252 = /[\u0000\ufffd]/;

/**
 * The file's text as UTF-8 bytes, past any BOM (and a second one, as an Excel file saved twice may have), and which
 * encoding it was in (decision 073): UTF-8 if it is valid UTF-8, else Windows-1252 (what Excel and LibreOffice
 * write on Italian Windows, ISO-8859-1 included; ISO-8859-15 differs only in € and 7 rare letters), transcoded
 * chunk by chunk; UTF-16 or anything else is refused with an Italian message for Excel and LibreOffice users.
 */
async function decodeText(body: Buffer, slices: Slices): Promise<{ bytes: Buffer; format: ImportFormat }> {
  if ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff)) throw badRequest(IMPORT_MESSAGES.encoding);
  const start = hasBom(body, 0) ? (hasBom(body, 3) ? 6 : 3) : 0;
  const bytes = body.subarray(start);
  let blank = true;
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let format: ImportFormat = 'csv-utf8';
  try {
    for (let at = 0; at < bytes.length; at += READ_CHUNK) {
      const text = utf8.decode(bytes.subarray(at, at + READ_CHUNK), { stream: true });
      if (blank && /\S/.test(text)) blank = false;
      if (text.includes('\u0000')) throw badRequest(IMPORT_MESSAGES.encoding);
      if (slices.due) await slices.pause();
    }
    utf8.decode();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_ENCODING_INVALID_ENCODED_DATA') throw error;
    format = 'csv-windows-1252';
  }
  if (format === 'csv-utf8') {
    if (blank) throw badRequest(IMPORT_MESSAGES.empty);
    return { bytes, format };
  }
  // Windows-1252 is one byte a character: decoded a chunk at a time, with no character across two chunks.
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += READ_CHUNK) {
    const text = iconv.decode(bytes.subarray(at, at + READ_CHUNK), 'win1252');
    if (NOT_WINDOWS_1252.test(text)) throw badRequest(IMPORT_MESSAGES.encoding);
    if (blank && /\S/.test(text)) blank = false;
    chunks.push(Buffer.from(text, 'utf8'));
    if (slices.due) await slices.pause();
  }
  if (blank) throw badRequest(IMPORT_MESSAGES.empty);
  return { bytes: Buffer.concat(chunks), format };
}

/** A row of the file: its cells as text, and the line (a CSV's) or row number (a sheet's) where it ends. */
export type CsvRecord = { record: string[]; info: { lines: number } };

/**
 * The file's records, read by csv-parse's stream parser a chunk at a time between turns of the event loop: the
 * same records, and the same errors, as its synchronous parser reading the whole file at once.
 */
async function readRecords(bytes: Buffer, options: CsvParseOptions, slices: Slices): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  const parser = parseStream(options);
  // Only the line is kept of csv-parse's information on a record (a dozen fields each, 100 000 times).
  parser.on('data', ({ record, info }: CsvRecord) => records.push({ record, info: { lines: info.lines } }));
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('error', reject);
  });
  ended.catch(() => undefined); // awaited below, after the chunks: not an unhandled rejection meanwhile
  for (let at = 0; at < bytes.length && !parser.errored && !parser.writableEnded; at += READ_CHUNK) {
    parser.write(bytes.subarray(at, at + READ_CHUNK));
    if (slices.due) await slices.pause();
  }
  // Ended already when `to` records were read: the rest of the file is not read.
  if (!parser.errored && !parser.writableEnded) parser.end();
  await ended;
  return records;
}

/** `;` or `,`: the one the header line has more of (`;` on a tie, as Italian Excel writes). */
function detectDelimiter(header: string): ';' | ',' {
  const count = (ch: string) => header.split(ch).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/** Our export puts `'` before a cell starting with = + - @ tab or CR (decision 043): taken off again. */
const cell = (value: string | undefined) => (value ?? '').replace(/^'(?=[=+\-@\t\r])/, '').trim();

/** The e-mail rule of every route (schemas/common.ts): trimmed, lower-case, at most 254 characters. */
const emailSchema = requiredEmail();

function parsePoints(text: string): number | null {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return 0;
  if (!/^\d{1,10}([.,]\d{1,2})?$/.test(compact)) return null;
  return Number(compact.replace(',', '.'));
}

/** 'GG/MM/AAAA' (our export, Italian Excel) or 'AAAA-MM-GG'; a real day between 1900 and today. */
function parseBirthDate(text: string, today: string): string | null | 'invalid' {
  const day = parseDay(text);
  if (day === null || day === 'invalid') return day;
  return day < '1900-01-01' || day > today ? 'invalid' : day;
}

/** 'GG/MM/AAAA' (also with `.` or `-`) or 'AAAA-MM-GG' as 'YYYY-MM-DD' if it is a real day. */
function parseDay(text: string): string | null | 'invalid' {
  if (text === '') return null;
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  let [y, mo, d] = m ? [Number(m[3]), Number(m[2]), Number(m[1])] : [0, 0, 0];
  if (!m) {
    m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!m) return 'invalid';
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'invalid';
  return y < 1000 ? 'invalid' : date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' plus `months`, the last day of the month when the day does not exist (as PostgreSQL's interval). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The instant a consent given on `day` is recorded as given (decision 050): noon UTC, the same calendar day in
 * Italy in every season. The lapse sweep counts its 24 months from it.
 */
export const consentInstant = (day: string) => new Date(`${day}T12:00:00.000Z`);

/**
 * The consent columns of a row: null without any; an Italian reason for a row that cannot be imported as it is;
 * else the consent to record. A date must be today or earlier and less than 24 months old (an older consent has
 * lapsed: the customer must give it again).
 */
function parseConsent(channelsText: string, dateText: string, sourceText: string, today: string): ImportedConsent | null | { reason: string } {
  if (channelsText === '' && dateText === '' && sourceText === '') return null;
  if (channelsText === '') return { reason: IMPORT_CONSENT_MESSAGES.channelsMissing };
  const channels: Channel[] = [];
  for (const word of channelsText.toLowerCase().split(/[,|;\s]+/)) {
    if (word === '') continue;
    const channel = CHANNEL_NAMES[word];
    if (!channel) return { reason: IMPORT_CONSENT_MESSAGES.channelUnknown(word.length > 30 ? `${word.slice(0, 30)}…` : word) };
    channels.push(channel);
  }
  if (channels.length === 0) return { reason: IMPORT_CONSENT_MESSAGES.channelsMissing };
  if (dateText === '') return { reason: IMPORT_CONSENT_MESSAGES.dateMissing };
  const source = sourceText.replace(/\s+/g, ' ');
  if (source === '') return { reason: IMPORT_CONSENT_MESSAGES.sourceMissing };
  if (source.length > CONSENT_SOURCE_MAX) return { reason: IMPORT_CONSENT_MESSAGES.sourceTooLong(CONSENT_SOURCE_MAX) };
  if (CONTROL_CHARACTER.test(source)) return { reason: IMPORT_CONSENT_MESSAGES.sourceInvalid };
  const date = parseDay(dateText);
  if (date === null || date === 'invalid') return { reason: IMPORT_CONSENT_MESSAGES.dateInvalid };
  if (date > today) return { reason: IMPORT_CONSENT_MESSAGES.dateFuture };
  if (addMonths(date, MARKETING_CONSENT_MONTHS) <= today) return { reason: IMPORT_CONSENT_MESSAGES.lapsed(MARKETING_CONSENT_MONTHS) };
  return { channels: canonicalChannels(channels), date, source };
}

/**
 * Reads a file into the rows to import and the rows refused with their reason; throws a 400 with an Italian
 * message for a file that cannot be read at all. `line` is the file's line where the record ends (the header
 * is line 1). Duplicates within the file (same email or phone as an earlier valid row) are refused here;
 * cards already in the business are the caller's to find. Reads, checks and validates in slices of about
 * SLICE_MS, each followed by a turn of the event loop (decision 061).
 */
export async function parseCardsFile(
  body: Buffer,
  options: { today: string; stamps: boolean },
  slices: Slices = createSlices(),
): Promise<ParsedFile> {
  if (isXlsx(body)) {
    const records = await readXlsxRecords(body, { maxRows: IMPORT_MAX_ROWS + 1, maxColumns: IMPORT_MAX_COLUMNS }, slices);
    return cardsFromRecords(records, 'xlsx', options, slices);
  }
  const { bytes, format } = await decodeText(body, slices);
  const headerEnd = Math.min(...[bytes.indexOf(0x0a), bytes.indexOf(0x0d), bytes.length].filter((i) => i >= 0));
  let records: CsvRecord[];
  try {
    records = await readRecords(
      bytes,
      {
        delimiter: detectDelimiter(bytes.toString('utf8', 0, headerEnd)),
        info: true,
        relax_quotes: true,
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: MAX_CELL * IMPORT_MAX_COLUMNS * 2,
        to: IMPORT_MAX_ROWS + 2,
      },
      slices,
    );
  } catch (error) {
    const e = error as { code?: string; lines?: number };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw badRequest(IMPORT_MESSAGES.rowTooLong(e.lines ?? 1));
    throw badRequest(IMPORT_MESSAGES.unreadable(e.lines ?? 1));
  }
  return cardsFromRecords(records, format, options, slices);
}

/** The header of a file, its column of each field (-1: none) and the preview's list of columns used and ignored. */
function findColumns(header: string[]): { column: Record<Field, number>; columns: ImportColumns } {
  const keys = header.map(headerKey);
  const column = {} as Record<Field, number>;
  for (const field of Object.keys(HEADERS) as Field[]) {
    const found = HEADERS[field].map((h) => keys.indexOf(h)).find((i) => i >= 0);
    column[field] = found ?? -1;
  }
  const fieldAt = new Map((Object.keys(column) as Field[]).filter((f) => column[f] >= 0).map((f) => [column[f], f]));
  const columns: ImportColumns = { used: [], ignored: [] };
  header.forEach((text, i) => {
    const field = fieldAt.get(i);
    const shown = text.trim();
    if (field) columns.used.push({ header: shown, field: FIELD_LABELS[field] });
    else if (shown !== '') columns.ignored.push(shown.length > 60 ? `${shown.slice(0, 60)}…` : shown);
  });
  return { column, columns };
}

/** The rows of a file read as records (CSV or a sheet's): checked, and validated with the rules of a card. */
async function cardsFromRecords(
  records: CsvRecord[],
  format: ImportFormat,
  options: { today: string; stamps: boolean },
  slices: Slices,
): Promise<ParsedFile> {
  if (records.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  if (records.length > IMPORT_MAX_ROWS + 1) throw badRequest(IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  for (const { record, info } of records) {
    if (record.length > IMPORT_MAX_COLUMNS) throw badRequest(IMPORT_MESSAGES.tooManyColumns(info.lines, record.length, IMPORT_MAX_COLUMNS));
    if (record.some((c) => c.length > MAX_CELL)) throw badRequest(IMPORT_MESSAGES.cellTooLong(info.lines));
    if (slices.due) await slices.pause();
  }

  const [header, ...data] = records;
  const { column, columns } = findColumns(header.record);
  if ((column.name < 0 && column.surname < 0) || (column.email < 0 && column.phone < 0)) throw badRequest(IMPORT_MESSAGES.header);

  const rows: ImportCandidate[] = [];
  const invalid: ImportIssue[] = [];
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const at = (record: string[], field: Field) => (column[field] < 0 ? '' : cell(record[column[field]]));

  for (const { record, info } of data) {
    if (slices.due) await slices.pause();
    const line = info.lines;
    if (record.every((c) => c.trim() === '')) continue;
    const refuse = (reason: string) => invalid.push({ line, reason });
    const first = at(record, 'name');
    const last = at(record, 'surname');
    // `Nome` and `Cognome` make one name; a full name that already ends with the surname is not given it twice.
    const joined = last === '' || first.toLowerCase().endsWith(last.toLowerCase()) ? first : `${first} ${last}`;
    const name = joined.replace(/\s+/g, ' ').trim();
    if (name === '') { refuse(IMPORT_MESSAGES.nameMissing); continue; }
    // The rule of every path that writes a name (lib/customer-name.ts): a formula, control characters, the length.
    const nameProblem = customerNameProblem(name);
    if (nameProblem) { refuse(nameProblem); continue; }
    const emailText = at(record, 'email');
    const phoneText = at(record, 'phone');
    if (emailText === '' && phoneText === '') { refuse(IMPORT_MESSAGES.contactMissing); continue; }
    const email = emailText === '' ? null : (emailSchema.safeParse(emailText).data ?? undefined);
    if (email === undefined) { refuse(IMPORT_MESSAGES.emailInvalid); continue; }
    const phone = phoneText === '' ? null : normalizePhone(phoneText) ?? undefined;
    if (phone === undefined) { refuse(IMPORT_MESSAGES.phoneInvalid); continue; }
    const points = parsePoints(at(record, 'points'));
    if (points === null) { refuse(IMPORT_MESSAGES.pointsInvalid); continue; }
    if (points > POINTS_BALANCE_MAX) { refuse(IMPORT_MESSAGES.pointsTooMany); continue; }
    if (options.stamps && !Number.isInteger(points)) { refuse(IMPORT_MESSAGES.stampsWhole); continue; }
    const birth = parseBirthDate(at(record, 'birth_date'), options.today);
    if (birth === 'invalid') { refuse(IMPORT_MESSAGES.birthDateInvalid); continue; }
    const consent = parseConsent(at(record, 'consent_channels'), at(record, 'consent_date'), at(record, 'consent_source'), options.today);
    if (consent && 'reason' in consent) { refuse(consent.reason); continue; }
    const earlier = (email !== null ? seenEmail.get(email) : undefined) ?? (phone !== null ? seenPhone.get(phone) : undefined);
    if (earlier !== undefined) { refuse(IMPORT_MESSAGES.duplicate(earlier)); continue; }
    if (email !== null) seenEmail.set(email, line);
    if (phone !== null) seenPhone.set(phone, line);
    rows.push({ line, name, email, phone, points, birth_date: birth, consent });
  }
  return { rows, invalid, format, columns };
}

/**
 * Rows looked up or written per statement. PostgreSQL runs a statement on its own process: 2 000 rows a statement
 * keep the round trips few. PGlite runs it on the API's thread, where nothing else runs meanwhile: each batch is
 * also its own transaction there, so other requests get in between (decision 061 has the measures).
 */
const BATCH: Record<DbKind, number> = { postgres: 2000, pglite: 250 };

/**
 * The lines of `rows` whose email (compared lower-case) or phone already belongs to a card of the business, in
 * one statement. Each contact is looked up on its own through the contact indexes of migration 021, whose
 * expressions are repeated beside the comparison (for a trimmed lower-case e-mail and an E.164 phone they equal
 * it), and the business is checked on the few cards found: a few index probes per row, whatever the size of the
 * business. The subquery is kept apart (`OFFSET 0`) so that the business is not an index condition: left to
 * itself, on a table grown since its statistics (an import), the planner read every card of the business through
 * its index for each row — 130 s instead of 3 s for 20 000 rows already present on PGlite.
 */
async function presentLinesOnce(db: Queryable, businessId: string, rows: readonly ImportCandidate[]): Promise<Set<number>> {
  const emails = rows.flatMap((r) => (r.email ? [r.email] : []));
  const phones = rows.flatMap((r) => (r.phone ? [r.phone] : []));
  const { rows: found } = await db.query<{ value: string }>(
    `SELECT f.value FROM unnest($2::text[]) AS f(value)
       CROSS JOIN LATERAL (SELECT c.business_id FROM loyalty_cards c
                            WHERE lower(btrim(c.email)) = f.value AND lower(c.email) = f.value OFFSET 0) AS card
      WHERE card.business_id = $1
     UNION ALL
     SELECT f.value FROM unnest($3::text[]) AS f(value)
       CROSS JOIN LATERAL (SELECT c.business_id FROM loyalty_cards c
                            WHERE regexp_replace(c.customer_phone, '[\\s().-]', '', 'g') = f.value AND c.customer_phone = f.value OFFSET 0) AS card
      WHERE card.business_id = $1`,
    [businessId, emails, phones],
  );
  const present = new Set(found.map((f) => f.value));
  return new Set(rows.filter((r) => (r.email && present.has(r.email)) || (r.phone && present.has(r.phone))).map((r) => r.line));
}

/** `presentLinesOnce` over any number of rows, a batch a statement, the event loop having a turn after each. */
async function presentLines(db: Db | Queryable, kind: DbKind, businessId: string, rows: readonly ImportCandidate[], slices: Slices): Promise<Set<number>> {
  const present = new Set<number>();
  for (let i = 0; i < rows.length; i += BATCH[kind]) {
    for (const line of await presentLinesOnce(db, businessId, rows.slice(i, i + BATCH[kind]))) present.add(line);
    await slices.pause();
  }
  return present;
}

/** What the answer says once `present` (the lines of rows already in the business) is known. */
function outcomeOf(parsed: ParsedFile, present: ReadonlySet<number>, imported: number): ImportOutcome {
  const issues = [...parsed.invalid];
  for (const line of present) issues.push({ line, reason: IMPORT_MESSAGES.alreadyPresent });
  issues.sort((a, b) => a.line - b.line);
  const fresh = parsed.rows.filter((r) => !present.has(r.line));
  return {
    valid: fresh.length,
    invalid: issues.slice(0, IMPORT_MAX_LISTED),
    invalid_count: issues.length,
    imported,
    skipped: present.size,
    with_consent: fresh.filter((r) => r.consent !== null).length,
    format: parsed.format,
    columns: parsed.columns,
    sample: fresh.slice(0, IMPORT_SAMPLE_ROWS).map(({ line, name, email, phone, points, birth_date }) => ({ line, name, email, phone, points, birth_date })),
  };
}

interface ImportInput {
  businessId: string;
  authorId: string;
  now: Date;
  today: string;
  body: Buffer;
  dryRun: boolean;
}

/**
 * Card numbers for `count` new cards of the business: unique among the business's cards (looked up a batch at a
 * time) and among this import's (`drawn`, which keeps them). 100 000 random numbers out
 * of 90 million would clash about 50 times.
 */
async function newCardNumbers(tx: Queryable, businessId: string, count: number, drawn: Set<string>): Promise<string[]> {
  const numbers: string[] = [];
  const draw = () => {
    for (;;) {
      const n = randomCardNumber();
      if (!drawn.has(n)) {
        drawn.add(n);
        return n;
      }
    }
  };
  while (numbers.length < count) numbers.push(draw());
  for (;;) {
    // Number by number through the unique index (`OFFSET 0` keeps the planner from reading every card of the
    // business through another index and filtering them: 45 ms instead of 3 at 50 000 cards on PGlite).
    const { rows: taken } = await tx.query<{ card_number: string }>(
      `SELECT c.card_number FROM unnest($2::text[]) AS n(number)
         CROSS JOIN LATERAL (SELECT k.card_number FROM loyalty_cards k WHERE k.business_id = $1 AND k.card_number = n.number OFFSET 0) AS c`,
      [businessId, numbers],
    );
    if (taken.length === 0) return numbers;
    const clash = new Set(taken.map((t) => t.card_number));
    for (let i = 0; i < numbers.length; i++) if (clash.has(numbers[i])) numbers[i] = draw();
  }
}

/**
 * Writes one batch of new cards in `tx`: rows whose contact became a card meanwhile (a signup during the import)
 * are left out and answered as `late`. Each card, and its "Saldo importato" ledger row when its balance is
 * positive; answers the consents the rows brought, for `writeConsents`.
 */
async function writeBatch(
  tx: Queryable,
  input: ImportInput,
  rows: ImportCandidate[],
  drawn: Set<string>,
): Promise<{ ids: string[]; late: number[]; consents: MarketingConsentChange[] }> {
  const present = await presentLinesOnce(tx, input.businessId, rows);
  const fresh = present.size === 0 ? rows : rows.filter((r) => !present.has(r.line));
  if (fresh.length === 0) return { ids: [], late: [...present], consents: [] };
  const numbers = await newCardNumbers(tx, input.businessId, fresh.length, drawn);
  // Ids made here (the column's default, gen_random_uuid(), costs half of each row's insert on PGlite).
  const ids = fresh.map(() => crypto.randomUUID());
  const at = input.now.toISOString();
  // One statement: the cards, then a ledger row for each positive balance (the balance is the sum of its rows).
  // The foreign key sees the new cards: it is checked at the end of the statement.
  await tx.query(
    `WITH cards AS (
       INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, customer_phone, email, birth_date, points, privacy_ack, marketing_channels, created_at)
       SELECT r.id, $1, r.n, r.name, r.phone, r.email, r.birth, r.points, false, '{}'::text[], $9::timestamptz
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::numeric[]) AS r(id, n, name, phone, email, birth, points)
       RETURNING id, points
     )
     INSERT INTO points_ledger (card_id, points, kind, description, author_id, created_at)
     SELECT id, points, 'credit', $10::text, $11::text, $9::timestamptz FROM cards WHERE points > 0`,
    [
      input.businessId,
      ids,
      numbers,
      fresh.map((r) => r.name),
      fresh.map((r) => r.phone),
      fresh.map((r) => r.email),
      fresh.map((r) => r.birth_date),
      fresh.map((r) => r.points),
      at,
      IMPORT_MESSAGES.ledgerDescription,
      input.authorId,
    ],
  );
  const consents = fresh.flatMap((row, i) =>
    row.consent ? [{ cardId: ids[i], channels: row.consent.channels, at: consentInstant(row.consent.date), evidence: row.consent.source }] : [],
  );
  return { ids, late: [...present], consents };
}

/**
 * The consents a batch's rows brought, through the one write path of consent (decision 047): a grant event per
 * channel, source 'import', dated the day the file says it was given, recorded now by the importing admin, with
 * the file's "fonte consenso" as its evidence; and the card's channels.
 */
async function writeConsents(tx: Queryable, input: ImportInput, consents: MarketingConsentChange[]): Promise<void> {
  await createConsentsRepository(tx).setMarketingConsents(consents, {
    source: 'import',
    wordingVersion: CONSENT_WORDING.imported,
    actorUserId: input.authorId,
    recordedAt: input.now,
  });
}

/** Imports of one business on PGlite, one after the other (PostgreSQL has the business's row lock for that). */
const importsUnderWay = new WeakMap<Db, Map<string, Promise<unknown>>>();

async function oneImportAtATime<T>(db: Db, businessId: string, work: () => Promise<T>): Promise<T> {
  let running = importsUnderWay.get(db);
  if (!running) importsUnderWay.set(db, (running = new Map()));
  const mine = (running.get(businessId) ?? Promise.resolve()).catch(() => undefined).then(work);
  running.set(businessId, mine);
  try {
    return await mine;
  } finally {
    if (running.get(businessId) === mine) running.delete(businessId);
  }
}

/**
 * Validates a file against a business and, unless `dryRun`, imports its new cards (decision 046; never holding
 * the API's thread or, on PGlite, its database for more than a slice: decision 061). The file is read and checked
 * first, in slices; then the rows whose email or phone already belongs to a card of the business are set aside
 * ("già presente"), and the others written in batches:
 * - PostgreSQL: in one transaction, the business row locked first (`FOR UPDATE`: two imports of one business run
 *   one after the other and the second finds the first one's cards; a new card of the business, which updates
 *   its card count, waits for the import too). Any error rolls all of it back. Other requests go on meanwhile:
 *   the statements run in the database's own processes, the API's thread only prepares them.
 * - PGlite: one transaction per batch, so that other requests' queries run between two batches; imports of one
 *   business one after the other in this process. If a batch fails, the cards written by the earlier ones are
 *   deleted again (with their ledger rows and consent events), so a failed import still changes nothing. A
 *   signup may write a card between two batches: each batch looks again for contacts that became cards meanwhile,
 *   and answers those rows "già presente" (never a second card).
 * Imported cards have no account (user_id NULL) and no privacy acknowledgement; a positive balance is
 * one 'credit' ledger row "Saldo importato" dated `now` by `authorId`; marketing consent only where the row says
 * which channels, when and how (decision 050). Nothing is sent. Null when the business does not exist.
 */
export async function importCards(db: Db, input: ImportInput): Promise<ImportOutcome | null> {
  const slices = createSlices();
  const modeOf = async (q: Queryable, lock: string) =>
    (await q.query<{ loyalty_mode: 'points' | 'stamps' }>(`SELECT loyalty_mode FROM businesses WHERE id = $1 ${lock}`, [input.businessId])).rows[0]?.loyalty_mode;
  const mode = await modeOf(db, '');
  if (!mode) return null;
  const parse = (loyaltyMode: 'points' | 'stamps') => parseCardsFile(input.body, { today: input.today, stamps: loyaltyMode === 'stamps' }, slices);
  const parsed = await parse(mode);
  if (input.dryRun) return outcomeOf(parsed, await presentLines(db, db.kind, input.businessId, parsed.rows, slices), 0);

  const batch = BATCH[db.kind];
  const drawn = new Set<string>();
  if (db.kind === 'postgres') {
    return db.transaction(async (tx) => {
      const locked = await modeOf(tx, 'FOR UPDATE');
      if (!locked) return null;
      // The shop changed its loyalty mode since the file was read: read it again under the lock.
      const rows = locked === mode ? parsed : await parse(locked);
      const present = await presentLines(tx, db.kind, input.businessId, rows.rows, slices);
      const fresh = rows.rows.filter((r) => !present.has(r.line));
      let imported = 0;
      for (let i = 0; i < fresh.length; i += batch) {
        const { ids, late, consents } = await writeBatch(tx, input, fresh.slice(i, i + batch), drawn);
        await writeConsents(tx, input, consents);
        imported += ids.length;
        for (const line of late) present.add(line);
        if (slices.due) await slices.pause();
      }
      return outcomeOf(rows, present, imported);
    });
  }

  return oneImportAtATime(db, input.businessId, async () => {
    const present = await presentLines(db, db.kind, input.businessId, parsed.rows, slices);
    const fresh = parsed.rows.filter((r) => !present.has(r.line));
    const written: string[] = [];
    try {
      for (let i = 0; i < fresh.length; i += batch) {
        const { ids, late, consents } = await db.transaction((tx) => writeBatch(tx, input, fresh.slice(i, i + batch), drawn));
        written.push(...ids);
        for (const line of late) present.add(line);
        await slices.pause();
        if (consents.length === 0) continue;
        await db.transaction((tx) => writeConsents(tx, input, consents));
        await slices.pause();
      }
    } catch (error) {
      await removeCards(db, written, slices).catch((cleanup: unknown) => {
        throw new AggregateError([error, cleanup], 'a CSV import failed, and the cards it had written could not all be removed');
      });
      throw error;
    }
    return outcomeOf(parsed, present, written.length);
  });
}

/** Deletes the cards of a failed import on PGlite (their ledger rows and consent events go with them), a batch a transaction. */
async function removeCards(db: Db, ids: readonly string[], slices: Slices): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH[db.kind]) {
    await db.query('DELETE FROM loyalty_cards WHERE id = ANY($1::text[])', [ids.slice(i, i + BATCH[db.kind])]);
    await slices.pause();
  }
}

/** A unique violation on the card numbers (a signup took a number meanwhile): the import may be retried. */
export function isCardNumberClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'loyalty_cards_number_per_business' || !!e.message?.includes('loyalty_cards_number_per_business'));
}
