/**
 * Dates in Italian, day first with two digits: '15/03/2026' and '15/03/2026, 10:00', as Intl.DateTimeFormat('it-IT')
 * writes them, written out by hand for the same reason as the numbers (numbers.ts, decision 096): a page's first Intl
 * formatter loads ICU's data on the main thread. The tests compare them with Intl.
 */

/** What a screen shows for a date or a phone number that is missing or unreadable. */
export const NOT_AVAILABLE = '—';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '15/03/2026' for a moment, in the browser's time zone. */
const dayOf = (date: Date) => `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;

function parseTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date: '2026-03-15T10:00:00Z' → '15/03/2026' in the browser's time zone. A date without a time
 * (a birth date, '1990-05-01') is shown as written, never shifted by the time zone.
 */
export function formatDate(value: string | null | undefined): string {
  const dateOnly = value ? DATE_ONLY.exec(value) : null;
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = parseTimestamp(value);
  return date ? dayOf(date) : NOT_AVAILABLE;
}

/** A moment, in the browser's time zone: '15/03/2026, 10:00'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseTimestamp(value);
  return date ? `${dayOf(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : NOT_AVAILABLE;
}

const MONTH_NAMES = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

function monthAndYear(month: string): [name: string, year: number] | null {
  const parts = /^(\d{4})-(\d{2})$/.exec(month);
  const name = parts ? MONTH_NAMES[Number(parts[2]) - 1] : undefined;
  return parts && name ? [name, Number(parts[1])] : null;
}

/** A calendar month 'AAAA-MM' as Intl it-IT writes it in full: '2026-11' → 'novembre 2026'; '—' for anything else. */
export function formatMonth(month: string): string {
  const parts = monthAndYear(month);
  return parts ? `${parts[0]} ${parts[1]}` : NOT_AVAILABLE;
}

/**
 * The same, short, as Intl it-IT writes `{ month: 'short', year: 'numeric' }`: '2026-11' → 'nov 2026' (a chart's
 * axis, a table's row on a phone); '—' for anything else.
 */
export function formatMonthShort(month: string): string {
  const parts = monthAndYear(month);
  return parts ? `${parts[0].slice(0, 3)} ${parts[1]}` : NOT_AVAILABLE;
}
