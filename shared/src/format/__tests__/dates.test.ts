import { formatDate, formatDateTime, formatMonth, formatMonthShort } from '../dates';

describe('formatDate', () => {
  it('writes a date without time as it is, day first', () => {
    expect(formatDate('1990-05-01')).toBe('01/05/1990');
  });

  it('writes a timestamp day first with two digits, in the local time zone', () => {
    const noon = new Date(2026, 2, 5, 12, 0);
    expect(formatDate(noon.toISOString())).toBe('05/03/2026');
  });

  it('shows a dash for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('ieri')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('adds hours and minutes in the local time zone', () => {
    expect(formatDateTime(new Date(2026, 2, 15, 9, 5).toISOString())).toBe('15/03/2026, 09:05');
  });

  it('shows a dash for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('domani')).toBe('—');
  });
});

describe('against Intl it-IT', () => {
  /** Moments across years, hours (midnight and noon included) and both sides of the daylight-saving changes. */
  const moments = [
    ...Array.from({ length: 2000 }, (_, i) => Date.UTC(1999, 0, 1) + i * 5_000_017_123),
    Date.UTC(2026, 2, 29, 0, 59),
    Date.UTC(2026, 2, 29, 1, 0),
    Date.UTC(2026, 9, 25, 0, 30),
    Date.UTC(2026, 9, 25, 1, 30),
    new Date(2026, 0, 1, 0, 0).getTime(),
    new Date(2026, 11, 31, 23, 59).getTime(),
  ].map((ms) => new Date(ms).toISOString());

  it('writes the day as Intl writes it, in the same time zone', () => {
    const intl = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
    for (const moment of moments) expect([moment, formatDate(moment)]).toEqual([moment, intl.format(new Date(moment))]);
  });

  it('writes the day and the time as Intl writes them, in the same time zone', () => {
    const intl = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    for (const moment of moments) expect([moment, formatDateTime(moment)]).toEqual([moment, intl.format(new Date(moment))]);
  });
});

describe.each([
  ['formatMonth', formatMonth, 'long', 'novembre'],
  ['formatMonthShort', formatMonthShort, 'short', 'nov'],
] as const)('%s', (_, format, month, word) => {
  it(`writes every month of a year as Intl it-IT writes it (${month})`, () => {
    const intl = new Intl.DateTimeFormat('it-IT', { month, year: 'numeric', timeZone: 'UTC' });
    for (const year of [1999, 2026, 2031]) {
      for (let n = 1; n <= 12; n++) {
        const key = `${year}-${String(n).padStart(2, '0')}`;
        expect([key, format(key)]).toEqual([key, intl.format(new Date(`${key}-01T12:00:00Z`))]);
      }
    }
  });

  it('shows a dash for anything that is not a month', () => {
    for (const bad of ['', '2026-13', '2026-00', '2026-1', word]) expect(format(bad)).toBe('—');
  });
});
