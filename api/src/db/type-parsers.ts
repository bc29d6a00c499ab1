import { types as pgTypes } from 'pg';

/** PostgreSQL type OIDs whose text form we parse ourselves, identically for both drivers. */
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMPTZ: 1184 } as const;

const parseTimestamp = pgTypes.getTypeParser(OID.TIMESTAMPTZ, 'text') as (value: string) => Date;

/** PostgreSQL's text form of a UTC timestamptz (session time zone UTC, the default of both drivers here). */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * timestamptz text → ISO-8601 string, the same characters as `new Date(…).toISOString()` but for a
 * UTC value without building a Date (a page of cards has one per row): '2026-11-22 10:00:00.123456+00'
 * → '2026-11-22T10:00:00.123Z'. Milliseconds are computed as pg's parser does (truncated). Any other
 * form (another offset, BC, infinity, year > 9999) goes through pg's parser.
 */
export function timestamptzToIso(value: string): string {
  const m = UTC_TIMESTAMP.exec(value);
  if (!m) return parseTimestamp(value).toISOString();
  const ms = m[3] ? Math.trunc(1000 * parseFloat(`.${m[3]}`)) : 0;
  return `${m[1]}T${m[2]}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  // Counts and ledger ids stay far below 2^53; points are numeric(12,2).
  [OID.INT8]: Number,
  [OID.NUMERIC]: Number,
  // A calendar date has no time zone: keep PostgreSQL's own 'YYYY-MM-DD'.
  [OID.DATE]: (value) => value,
  [OID.TIMESTAMPTZ]: timestamptzToIso,
};
