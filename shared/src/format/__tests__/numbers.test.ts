import { formatAveragePoints, formatCount, formatEuro, formatPoints, formatPointsChange } from '../numbers';

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
