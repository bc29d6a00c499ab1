import { formatDate, formatDateTime } from '../dates';

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
