/**
 * Issue 22: an admin's import of cards from a CSV file (docs/decisions/046-csv-import.md). csv-parse reads the
 * records; this file finds the columns by their Italian or English header, validates each row with the rules
 * of a card created through the API, and writes the new cards and their "Saldo importato" ledger rows with
 * set-based statements, in batches, inside the caller's one transaction.
 */
import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Queryable } from '../db';
import { CONSENT_WORDING, MARKETING_CONSENT_MONTHS } from '../consent-wording';
import { badRequest } from '../errors';
import { IMPORT_CONSENT_MESSAGES, IMPORT_MESSAGES } from '../messages';
import { canonicalChannels, type Channel } from '../messaging/types';
import { createConsentsRepository } from '../repositories/consents';
import { POINTS_BALANCE_MAX, randomCardNumber } from '../repositories/loyalty-cards';
import { requiredEmail } from '../schemas/common';
import { normalizePhone } from './phone';

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
/** Rows written per statement. */
const BATCH = 5000;

type Field = 'name' | 'email' | 'phone' | 'points' | 'birth_date' | 'consent_channels' | 'consent_date' | 'consent_source';

/** Headers, compared lower-case, without accents, with spaces, `_` and `-` as one space. */
const HEADERS: Record<Field, string[]> = {
  name: ['nome', 'full name', 'name'],
  email: ['email', 'e mail'],
  phone: ['telefono', 'phone'],
  points: ['punti', 'points'],
  birth_date: ['data di nascita', 'birth date', 'birthdate'],
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
    .replace(/[\s_-]+/g, ' ')
    .trim();

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
}

/** The text of a file: UTF-8, with or without BOM; anything else is refused in Italian. */
function decode(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw badRequest(IMPORT_MESSAGES.encoding);
  }
}

/** `;` or `,`: the one the header line has more of (`;` on a tie, as Italian Excel writes). */
function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r|\n/);
  const header = end < 0 ? text : text.slice(0, end);
  const count = (ch: string) => header.split(ch).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/** Our export puts `'` before a cell starting with = + - @ tab or CR (decision 043): taken off again. */
const cell = (value: string | undefined) => (value ?? '').replace(/^'(?=[=+\-@\t\r])/, '').trim();

/** The e-mail rule of every route (schemas/common.ts): trimmed, lower-case, at most 254 characters. */
const emailSchema = requiredEmail();
/** What PostgreSQL cannot store, and control characters that have no place in a name. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

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
  if (CONTROL.test(source)) return { reason: IMPORT_CONSENT_MESSAGES.sourceInvalid };
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
 * cards already in the business are the caller's to find.
 */
export function parseCardsCsv(body: Buffer, options: { today: string; stamps: boolean }): { rows: ImportCandidate[]; invalid: ImportIssue[] } {
  const text = decode(body).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw badRequest(IMPORT_MESSAGES.empty);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      info: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CELL * IMPORT_MAX_COLUMNS * 2,
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const e = error as { code?: string; lines?: number };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw badRequest(IMPORT_MESSAGES.rowTooLong(e.lines ?? 1));
    throw badRequest(IMPORT_MESSAGES.unreadable(e.lines ?? 1));
  }
  if (records.length > IMPORT_MAX_ROWS + 1) throw badRequest(IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  for (const { record, info } of records) {
    if (record.length > IMPORT_MAX_COLUMNS) throw badRequest(IMPORT_MESSAGES.tooManyColumns(info.lines, record.length, IMPORT_MAX_COLUMNS));
    if (record.some((c) => c.length > MAX_CELL)) throw badRequest(IMPORT_MESSAGES.cellTooLong(info.lines));
  }

  const [header, ...data] = records;
  const keys = header.record.map(headerKey);
  const column = {} as Record<Field, number>;
  for (const field of Object.keys(HEADERS) as Field[]) column[field] = keys.findIndex((k) => HEADERS[field].includes(k));
  if (column.name < 0 || (column.email < 0 && column.phone < 0)) throw badRequest(IMPORT_MESSAGES.header);

  const rows: ImportCandidate[] = [];
  const invalid: ImportIssue[] = [];
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const at = (record: string[], field: Field) => (column[field] < 0 ? '' : cell(record[column[field]]));

  for (const { record, info } of data) {
    const line = info.lines;
    if (record.every((c) => c.trim() === '')) continue;
    const refuse = (reason: string) => invalid.push({ line, reason });
    const name = at(record, 'name').replace(/\s+/g, ' ');
    if (name === '') { refuse(IMPORT_MESSAGES.nameMissing); continue; }
    if (name.length > 200) { refuse(IMPORT_MESSAGES.nameTooLong); continue; }
    if (CONTROL.test(name)) { refuse(IMPORT_MESSAGES.nameInvalid); continue; }
    // A spreadsheet formula is no one's name (a cell exported as its formula): said, not stored (issue 22).
    if (/^[=+\-@]/.test(name)) { refuse(IMPORT_MESSAGES.nameFormula); continue; }
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
  return { rows, invalid };
}

/** The file's emails and phones that already belong to a card of the business. */
async function existingContacts(db: Queryable, businessId: string, rows: ImportCandidate[]): Promise<{ emails: Set<string>; phones: Set<string> }> {
  const emails = rows.flatMap((r) => (r.email ? [r.email] : []));
  const phones = rows.flatMap((r) => (r.phone ? [r.phone] : []));
  const { rows: found } = await db.query<{ kind: 'email' | 'phone'; value: string }>(
    `SELECT DISTINCT 'email' AS kind, f.value FROM loyalty_cards c JOIN unnest($2::text[]) AS f(value) ON f.value = lower(c.email) WHERE c.business_id = $1
     UNION
     SELECT DISTINCT 'phone', f.value FROM loyalty_cards c JOIN unnest($3::text[]) AS f(value) ON f.value = c.customer_phone WHERE c.business_id = $1`,
    [businessId, emails, phones],
  );
  return {
    emails: new Set(found.filter((f) => f.kind === 'email').map((f) => f.value)),
    phones: new Set(found.filter((f) => f.kind === 'phone').map((f) => f.value)),
  };
}

/**
 * Validates a file against a business and, unless `dryRun`, imports its new cards. Runs on `db`, which
 * must be the caller's transaction for an import: the business row is locked first, so two imports of one
 * business run one after the other and the second finds the first one's cards ("già presente").
 * Imported cards have no account (user_id NULL) and no privacy acknowledgement; a positive balance is one
 * 'credit' ledger row "Saldo importato" dated `now` by `authorId`; marketing consent only where the row says
 * which channels, when and how (decision 050), recorded through `setMarketingConsent`. Nothing is sent.
 */
export async function importCards(
  db: Queryable,
  input: { businessId: string; authorId: string; now: Date; today: string; body: Buffer; dryRun: boolean },
): Promise<ImportOutcome | null> {
  const lock = input.dryRun ? '' : 'FOR UPDATE';
  const { rows: businesses } = await db.query<{ loyalty_mode: 'points' | 'stamps' }>(`SELECT loyalty_mode FROM businesses WHERE id = $1 ${lock}`, [input.businessId]);
  if (!businesses[0]) return null;
  const parsed = parseCardsCsv(input.body, { today: input.today, stamps: businesses[0].loyalty_mode === 'stamps' });
  const existing = await existingContacts(db, input.businessId, parsed.rows);
  const fresh: ImportCandidate[] = [];
  const issues = [...parsed.invalid];
  let skipped = 0;
  for (const row of parsed.rows) {
    if ((row.email && existing.emails.has(row.email)) || (row.phone && existing.phones.has(row.phone))) {
      issues.push({ line: row.line, reason: IMPORT_MESSAGES.alreadyPresent });
      skipped++;
    } else fresh.push(row);
  }
  issues.sort((a, b) => a.line - b.line);
  const outcome: ImportOutcome = {
    valid: fresh.length,
    invalid: issues.slice(0, IMPORT_MAX_LISTED),
    invalid_count: issues.length,
    imported: 0,
    skipped,
    with_consent: fresh.filter((r) => r.consent !== null).length,
  };
  if (input.dryRun || fresh.length === 0) return outcome;

  // Card numbers unique within the business: the existing ones and each other's (100 000 random numbers out
  // of 90 million would clash about 50 times).
  const { rows: numbers } = await db.query<{ card_number: string }>('SELECT card_number FROM loyalty_cards WHERE business_id = $1', [input.businessId]);
  const taken = new Set(numbers.map((n) => n.card_number));
  const numberFor = () => {
    for (;;) {
      const n = randomCardNumber();
      if (!taken.has(n)) {
        taken.add(n);
        return n;
      }
    }
  };
  const at = input.now.toISOString();
  const ids = new Map<number, string>();
  for (let i = 0; i < fresh.length; i += BATCH) {
    const batch = fresh.slice(i, i + BATCH).map((r) => {
      const id = crypto.randomUUID();
      ids.set(r.line, id);
      return { id, n: numberFor(), name: r.name, email: r.email, phone: r.phone, points: r.points, birth: r.birth_date };
    });
    // Ids made here (the column's default, gen_random_uuid(), costs half of each row's insert on PGlite).
    // One statement a batch: the cards, then a ledger row for each positive balance (the balance is the sum of
    // its rows). The foreign key sees the new cards: it is checked at the end of the statement.
    await db.query(
      `WITH input AS (
         SELECT * FROM json_to_recordset($2::json) AS r(id text, n text, name text, email text, phone text, points numeric, birth date)
       ),
       cards AS (
         INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, customer_phone, email, birth_date, points, privacy_ack, marketing_channels, created_at)
         SELECT id, $1, n, name, phone, email, birth, points, false, '{}'::text[], $4::timestamptz FROM input
         RETURNING id, points
       )
       INSERT INTO points_ledger (card_id, points, kind, description, author_id, created_at)
       SELECT id, points, 'credit', $5::text, $3::text, $4::timestamptz FROM cards WHERE points > 0`,
      [input.businessId, JSON.stringify(batch), input.authorId, at, IMPORT_MESSAGES.ledgerDescription],
    );
  }
  // The consents the file brought, through the one write path of consent (decision 047; set-based, 5000 cards a
  // call: one call per card took 17 ms on PGlite, 28 min for 100 000 rows): a grant event per
  // channel, source 'import', dated the day the file says it was given (the lapse counts from it), recorded now
  // by the importing admin, with the file's "fonte consenso" as its evidence; and the card's channels.
  const consents = createConsentsRepository(db);
  const withConsent = fresh.filter((row) => row.consent !== null);
  for (let i = 0; i < withConsent.length; i += BATCH) {
    await consents.setMarketingConsents(
      withConsent.slice(i, i + BATCH).map((row) => ({
        cardId: ids.get(row.line)!,
        channels: row.consent!.channels,
        at: consentInstant(row.consent!.date),
        evidence: row.consent!.source,
      })),
      { source: 'import', wordingVersion: CONSENT_WORDING.imported, actorUserId: input.authorId, recordedAt: input.now },
    );
  }
  outcome.imported = fresh.length;
  return outcome;
}

/** A unique violation on the card numbers (a signup took a number meanwhile): the import may be retried. */
export function isCardNumberClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'loyalty_cards_number_per_business' || !!e.message?.includes('loyalty_cards_number_per_business'));
}
