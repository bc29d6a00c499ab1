/**
 * Dates in Italian, day first with two digits: '15/03/2026' and '15/03/2026, 10:00'. Formatters are built
 * on first use (see numbers.ts).
 */
import { lazily } from './lazily';

/** What a screen shows for a date or a phone number that is missing or unreadable. */
export const NOT_AVAILABLE = '—';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormat = lazily(() => new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' }));
const dateTimeFormat = lazily(
  () => new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
);

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
  return date ? dateFormat().format(date) : NOT_AVAILABLE;
}

/** A moment, in the browser's time zone: '15/03/2026, 10:00'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseTimestamp(value);
  return date ? dateTimeFormat().format(date) : NOT_AVAILABLE;
}
