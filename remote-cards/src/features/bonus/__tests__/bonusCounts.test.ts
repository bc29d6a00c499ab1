import { bonusIdempotencyKey, dueBonuses, isBonusDue, parseThreshold, thresholdsReached } from '../bonusCounts';

describe('thresholdsReached', () => {
  it.each([
    [0, 1000, 0],
    [999.99, 1000, 0],
    [1000, 1000, 1],
    [1999, 1000, 1],
    [2000, 1000, 2],
    [5, 1, 5],
    [5.9, 1, 5],
    [-10, 1, 0],
  ])('%p points with threshold %p → %p', (points, threshold, count) => expect(thresholdsReached(points, threshold)).toBe(count));

  it('is 0 for a threshold that is not a whole number of at least 1', () => {
    expect(thresholdsReached(5000, 0)).toBe(0);
    expect(thresholdsReached(5000, -1)).toBe(0);
    expect(thresholdsReached(5000, 2.5)).toBe(0);
    expect(thresholdsReached(5000, Number.NaN)).toBe(0);
  });
});

describe('isBonusDue', () => {
  it('is due when more thresholds are reached than notified', () => {
    expect(isBonusDue(1000, 1000, undefined)).toBe(true);
    expect(isBonusDue(1000, 1000, 0)).toBe(true);
    expect(isBonusDue(1500, 1000, 1)).toBe(false);
    expect(isBonusDue(2000, 1000, 1)).toBe(true);
    expect(isBonusDue(2000, 1000, 5)).toBe(false);
    expect(isBonusDue(999, 1000, undefined)).toBe(false);
  });
});

describe('dueBonuses', () => {
  it('lists the cards owed a message with the count to store', () => {
    const cards = [
      { id: 'a', points: 0 },
      { id: 'b', points: 1000 },
      { id: 'c', points: 3500 },
      { id: 'd', points: 2100 },
    ];
    expect(dueBonuses(cards, 1000, { c: 3, d: 1 })).toEqual([{ cardId: 'b', count: 1 }, { cardId: 'd', count: 2 }]);
    expect(dueBonuses([], 1000, {})).toEqual([]);
  });
});

describe('parseThreshold', () => {
  it.each([
    ['1000', 1000],
    [' 1 ', 1],
    ['0', null],
    ['-5', null],
    ['12.5', null],
    ['1e3', null],
    ['', null],
    ['abc', null],
  ])('%p → %p', (input, value) => expect(parseThreshold(input)).toBe(value));
});

it('names the threshold and the count in the idempotency key', () => {
  expect(bonusIdempotencyKey(1000, 2)).toBe('bonus:1000:2');
  expect(bonusIdempotencyKey(500, 2)).not.toBe(bonusIdempotencyKey(1000, 2));
});
