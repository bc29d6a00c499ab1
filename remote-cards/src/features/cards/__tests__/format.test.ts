import { formatItalianDate, parsePointsInput } from '../format';
import { visibleLines } from '../VirtualList';

describe('formatItalianDate', () => {
  it('writes a date without time as it is, day first', () => {
    expect(formatItalianDate('1990-05-01')).toBe('01/05/1990');
  });
  it('shows a dash for nothing or nonsense', () => {
    expect(formatItalianDate(null)).toBe('—');
    expect(formatItalianDate('ieri')).toBe('—');
  });
  it('formats a timestamp in Italian', () => {
    expect(formatItalianDate('2026-03-15T10:00:00.000Z')).toMatch(/^15\/03\/2026$/);
  });
});

describe('parsePointsInput', () => {
  it.each([
    ['10', 10],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['-3', -3],
    [' 0.25 ', 0.25],
    ['', null],
    ['abc', null],
    ['1,2,3', null],
  ])('%p → %p', (input, value) => expect(parsePointsInput(input)).toBe(value));
});

describe('visibleLines', () => {
  it('renders the lines in view plus the overscan, within the list', () => {
    expect(visibleLines(0, 600, 100, 1000, 2)).toEqual({ first: 0, last: 8 });
    expect(visibleLines(50_000, 600, 100, 1000, 2)).toEqual({ first: 498, last: 508 });
    expect(visibleLines(99_900, 600, 100, 1000, 2)).toEqual({ first: 997, last: 1000 });
    expect(visibleLines(0, 600, 100, 0, 2)).toEqual({ first: 0, last: 0 });
  });
});
