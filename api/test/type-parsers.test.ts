import fc from 'fast-check';
import { types as pgTypes } from 'pg';
import { timestamptzToIso } from '../src/db/type-parsers';

const pgParser = pgTypes.getTypeParser(1184, 'text') as (value: string) => Date;

/** PostgreSQL's text output of a timestamptz in a session at UTC: microseconds without trailing zeros. */
function pgText(date: Date, micros: number): string {
  const iso = date.toISOString();
  const fraction = String(date.getUTCMilliseconds() * 1000 + micros).padStart(6, '0').replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('timestamptz → ISO string', () => {
  it('gives the same characters as pg’s parser followed by toISOString', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
        (date, micros) => {
          const text = pgText(date, micros);
          expect(timestamptzToIso(text)).toBe(pgParser(text).toISOString());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves other forms to pg’s parser', () => {
    for (const text of ['2026-11-22 11:00:00.25+01', '2026-11-22 05:30:00-04:30', '0044-03-15 12:00:00+00 BC', '2026-11-22 10:00:00+00']) {
      expect(timestamptzToIso(text)).toBe(pgParser(text).toISOString());
    }
    expect(timestamptzToIso('2026-11-22 10:00:00.000001+00')).toBe('2026-11-22T10:00:00.000Z');
  });
});
