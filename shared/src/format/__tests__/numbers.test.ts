import { formatDate, formatDateTime } from '../dates';
import { formatAveragePoints, formatCount, formatDecimal, formatEuro, formatPoints, formatPointsChange } from '../numbers';

/** Values where hand-written rounding goes wrong first: ties, binary near-ties, carries, signs, tiny and huge values. */
const EDGE_VALUES = [
  0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 2.675, 1.045, 8.345, 999.995, 9.995, 99.5, 999.5, 0.045, 0.055, -0.4, -0.004,
  1e-7, -1e-7, 0.000001, 123456.785, 1234567.895, 4017.5, 12345.678, 1e15 + 0.5, 2 ** 53, 1e20, 0.1 + 0.2, 1 / 3, 2 / 3, 29.999, 0.9999,
];

/** A reproducible spread of doubles: every magnitude from 1e-4 to 1e9, both signs, with digits past the second decimal. */
function spreadOfValues(count: number): number[] {
  let seed = 20261130;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, (_, i) => {
    const magnitude = 10 ** (next() * 13 - 4);
    const value = i % 3 === 0 ? Math.round(magnitude * 1000) / 1000 : magnitude;
    return i % 2 === 0 ? value : -value;
  });
}

describe('formatDecimal', () => {
  const styles: [number, number][] = [[0, 0], [0, 1], [0, 2], [1, 1], [2, 2], [0, 3], [1, 3]];
  it.each(styles)('writes what Intl it-IT writes with %p to %p decimals, thousands always grouped', (min, max) => {
    const intl = new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: min, maximumFractionDigits: max });
    for (const value of [...EDGE_VALUES, ...EDGE_VALUES.map((v) => -v), ...spreadOfValues(3000)]) {
      expect([value, formatDecimal(value, min, max)]).toEqual([value, intl.format(value)]);
    }
  });

  // A share is between 0 and 1 (Intl's percent would group only from 10.000%).
  it("writes a share as Intl it-IT's percent writes it, the point moved without a float multiplication (0.145 → 15%)", () => {
    const intl = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 });
    const shares = [0, 1, 0.5, 0.145, 0.285, 0.335, 1 / 3, 2 / 3, 0.005, 0.995, 0.0049, ...spreadOfValues(2000).map((v) => Math.abs(v) / 1e9)];
    for (const share of shares) expect([share, `${formatDecimal(share, 0, 0, 2)}%`]).toEqual([share, intl.format(share)]);
  });

  it('builds no Intl formatter: a page that shows numbers and dates loads no ICU data for them (decision 096)', () => {
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat');
    const toLocale = jest.spyOn(Number.prototype, 'toLocaleString');
    try {
      expect([formatPoints(4017.5), formatAveragePoints(4017.5, 24), formatCount(1234), formatPointsChange(7.5), formatEuro(2500), formatDecimal(0.33, 0, 0, 2)]).toEqual([
        '4.017,5',
        '167,40',
        '1.234',
        '+7,5',
        '2.500\u00a0€',
        '33',
      ]);
      expect([formatDate('2026-03-15T12:00:00Z'), formatDateTime('2026-03-15T12:00:00Z')]).toEqual([expect.stringMatching(/^1[56]\/03\/2026$/), expect.stringMatching(/^1[56]\/03\/2026, \d\d:\d\d$/)]);
      expect(numberFormat).not.toHaveBeenCalled();
      expect(dateTimeFormat).not.toHaveBeenCalled();
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('formatPoints', () => {
  it.each([
    [0, '0'],
    [50, '50'],
    [999, '999'],
    [1000, '1.000'],
    [4017.5, '4.017,5'],
    [12345.678, '12.345,68'],
    [1234567, '1.234.567'],
    [-2500, '-2.500'],
  ])('%p → %p (thousands grouped from four digits on)', (points, shown) => expect(formatPoints(points)).toBe(shown));

  it('signs a change of balance', () => {
    expect(formatPointsChange(7.5)).toBe('+7,5');
    expect(formatPointsChange(1500)).toBe('+1.500');
    expect(formatPointsChange(-20)).toBe('-20');
    expect(formatPointsChange(0)).toBe('0');
  });
});

describe('formatAveragePoints', () => {
  it('is 0 without cards', () => {
    expect(formatAveragePoints(0, 0)).toBe('0');
    expect(formatAveragePoints(120, 0)).toBe('0');
  });

  it('is whole, rounded, when the balances are whole, like the tiles beside it', () => {
    expect(formatAveragePoints(837, 5)).toBe('167');
    expect(formatAveragePoints(10, 3)).toBe('3');
    expect(formatAveragePoints(0, 5)).toBe('0');
    expect(formatAveragePoints(2, 3)).toBe('1');
    expect(formatAveragePoints(1000, 1)).toBe('1.000');
    expect(formatAveragePoints(24_100, 2)).toBe('12.050');
  });

  it('has two decimals, with a comma and grouped thousands, when the balances have decimals', () => {
    expect(formatAveragePoints(837.5, 5)).toBe('167,50');
    expect(formatAveragePoints(10.5, 3)).toBe('3,50');
    expect(formatAveragePoints(1000.5, 1)).toBe('1.000,50');
  });

  it('writes a total and an average in the same style side by side', () => {
    expect(`${formatPoints(4017.5)} / ${formatAveragePoints(4017.5, 24)}`).toBe('4.017,5 / 167,40');
  });
});

describe('formatCount', () => {
  it('groups thousands and agrees the noun with the number', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1234)).toBe('1.234');
    const cards = { one: 'carta', other: 'carte' };
    expect(formatCount(0, cards)).toBe('0 carte');
    expect(formatCount(1, cards)).toBe('1 carta');
    expect(formatCount(1234, cards)).toBe('1.234 carte');
  });
});

describe('formatEuro', () => {
  it('writes prices in whole euros', () => {
    expect(formatEuro(20)).toBe('20\u00a0€');
    expect(formatEuro(2500)).toBe('2.500\u00a0€');
    expect(formatEuro(12000)).toBe('12.000\u00a0€');
  });

  it('is what Intl it-IT writes for euros without decimals, thousands always grouped', () => {
    const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, useGrouping: 'always' });
    const amounts = [0, 1, 5, 20, 30, 999, 1000, 2500, 9999, 10000, 12000, 99999, 100000, 123456, 1234567, 1e9, 2.5, 2.4, 1499.5, -1, -2500, -12000, -2.5];
    for (let n = 0; n < 200; n++) amounts.push(Math.round(Math.pow(10, n / 25)) + n);
    for (const amount of amounts) expect(formatEuro(amount)).toBe(intl.format(amount));
  });
});
