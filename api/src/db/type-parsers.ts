import { types as pgTypes } from 'pg';

/** PostgreSQL type OIDs whose text form we parse ourselves, identically for both drivers. */
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMPTZ: 1184 } as const;

const parseTimestamp = pgTypes.getTypeParser(OID.TIMESTAMPTZ, 'text') as (value: string) => Date;

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  // Counts and ledger ids stay far below 2^53; points are numeric(12,2).
  [OID.INT8]: Number,
  [OID.NUMERIC]: Number,
  // A calendar date has no time zone: keep PostgreSQL's own 'YYYY-MM-DD'.
  [OID.DATE]: (value) => value,
  [OID.TIMESTAMPTZ]: (value) => parseTimestamp(value).toISOString(),
};
