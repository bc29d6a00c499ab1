import { formatCount, formatPoints } from '@loyalty/shared';
import { bucketOrder, lastMonths, monthSeries, pointsBucket, pointsBuckets, yAxisWidth } from '../stats';

describe('pointsBucket', () => {
  it.each([
    [0, '0'],
    [-3, '0'],
    [0.5, '1-50'],
    [1, '1-50'],
    [50, '1-50'],
    [50.5, '51-100'],
    [100, '51-100'],
    [100.01, '101+'],
    [100_000, '101+'],
  ])('puts %p in %p', (points, bucket) => expect(pointsBucket(points)).toBe(bucket));
});

describe('pointsBuckets', () => {
  it('lists the four buckets in order with their counts', () => {
    expect(pointsBuckets({ zero: 3, from1to50: 0, from51to100: 7, over100: 1 })).toEqual([
      { bucket: '0', cards: 3 },
      { bucket: '1-50', cards: 0 },
      { bucket: '51-100', cards: 7 },
      { bucket: '101+', cards: 1 },
    ]);
  });
});

describe('month series', () => {
  const now = new Date('2026-03-15T10:00:00Z');

  it('covers the last 6 calendar months, oldest first, across a year change', () => {
    expect(lastMonths(now)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
  });

  it('counts months in UTC', () => {
    expect(lastMonths(new Date('2026-03-31T23:30:00Z'), 1)).toEqual(['2026-03']);
    expect(lastMonths(new Date('2026-04-01T00:30:00+02:00'), 1)).toEqual(['2026-03']);
  });

  it('zero-fills missing months and leaves out months outside the window', () => {
    const series = monthSeries(
      [
        { month: '2025-09', new_cards: 99, points: 99, redeemed_rewards: 99 },
        { month: '2025-12', new_cards: 2, points: 150.5, redeemed_rewards: 0 },
        { month: '2026-03', new_cards: 1, points: -20, redeemed_rewards: 3 },
      ],
      now,
    );
    expect(series.map((m) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(series.map((m) => m.newCards)).toEqual([0, 0, 2, 0, 0, 1]);
    expect(series.map((m) => m.points)).toEqual([0, 0, 150.5, 0, 0, -20]);
    expect(series.map((m) => m.redeemedRewards)).toEqual([0, 0, 0, 0, 0, 3]);
    expect(series.map((m) => m.label)).toEqual(['ott 2025', 'nov 2025', 'dic 2025', 'gen 2026', 'feb 2026', 'mar 2026']);
  });

  it('is all zeros without data', () => {
    expect(monthSeries([], now).every((m) => m.newCards === 0 && m.points === 0 && m.redeemedRewards === 0)).toBe(true);
  });
});

describe('the charts\' axes and legend', () => {
  it('makes the y-axis wide enough for its top tick: «12.000» for 11 800, not «2.000»', () => {
    // 8 px a character: the top tick (at most twice the highest value, «23.600» here) fits whole.
    expect(yAxisWidth(11_800, formatPoints)).toBeGreaterThanOrEqual('23.600'.length * 8);
    expect(yAxisWidth(11_800, formatPoints)).toBeGreaterThan(56);
    expect(yAxisWidth(3, formatCount)).toBe(32);
    expect(yAxisWidth(0, formatCount)).toBe(32);
    expect(yAxisWidth(125_000, formatCount)).toBeGreaterThan(yAxisWidth(12_500, formatCount));
  });

  it('orders the points-range legend 0, 1-50, 51-100, 101+ whatever its text sorts to', () => {
    const legend = ['101+', '51-100', '0', '1-50'].map((value) => ({ value }));
    expect([...legend].sort((a, b) => bucketOrder(a) - bucketOrder(b)).map((entry) => entry.value)).toEqual(['0', '1-50', '51-100', '101+']);
  });
});
