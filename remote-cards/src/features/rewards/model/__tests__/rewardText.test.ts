import { EXPIRED_REWARD_WARNING, deleteQuestion, expiredRewardWarning, redeemedText, rewardState, romeDay, stockText, validityText } from '../rewardText';

it('words the validity, day first', () => {
  expect(validityText({ valid_from: null, valid_until: null })).toBe('Sempre');
  expect(validityText({ valid_from: '2026-12-01', valid_until: null })).toBe('Dal 01/12/2026');
  expect(validityText({ valid_from: null, valid_until: '2026-12-31' })).toBe('Fino al 31/12/2026');
  expect(validityText({ valid_from: '2026-12-01', valid_until: '2026-12-31' })).toBe('Dal 01/12/2026 al 31/12/2026');
});

it('words the stock and the redemptions', () => {
  expect(stockText(null)).toBe('Illimitati');
  expect(stockText(0)).toBe('Esaurito');
  expect(stockText(1)).toBe('1 pezzo');
  expect(stockText(1200)).toBe('1.200 pezzi');
  expect(redeemedText(0)).toBe('Mai');
  expect(redeemedText(1)).toBe('1 volta');
  expect(redeemedText(12)).toBe('12 volte');
});

it('says before deleting whether the reward will be archived (ever redeemed) or deleted', () => {
  const archived = deleteQuestion({ name: 'Caffè', redeemed_count: 3 });
  expect(archived.willArchive).toBe(true);
  expect(archived.text).toMatch(/^«Caffè» è stato riscattato 3 volte: sarà archiviato\./);
  expect(deleteQuestion({ name: 'Caffè', redeemed_count: 0 })).toEqual({
    willArchive: false,
    text: '«Caffè» non è mai stato riscattato: sarà eliminato definitivamente.',
  });
});

describe('rewardState', () => {
  // 23:30 UTC on 30 November is already 1 December in Rome: the day is Rome's, not the machine's.
  const now = new Date('2026-11-30T23:30:00Z');
  const reward = (valid_from: string | null, valid_until: string | null, active = true) => ({ active, valid_from, valid_until });

  it('takes the day in Rome', () => {
    expect(romeDay(now)).toBe('2026-12-01');
  });

  it('says Attivo within the days (both inclusive), Scaduto after, Dal <data> before, Non attivo when off', () => {
    expect(rewardState(reward(null, null), now)).toEqual({ text: 'Attivo', tone: 'success' });
    expect(rewardState(reward('2026-12-01', '2026-12-01'), now).text).toBe('Attivo');
    expect(rewardState(reward(null, '2026-11-30'), now).text).toBe('Scaduto');
    expect(rewardState(reward('2026-12-02', null), now)).toEqual({ text: 'Dal 02/12/2026', tone: 'neutral' });
    expect(rewardState(reward(null, null, false), now).text).toBe('Non attivo');
  });
});

describe('expiredRewardWarning', () => {
  it('warns when the last day is before today in Rome, at a fixed instant whatever the machine’s zone', () => {
    // 23:30 UTC on 30 November is already 1 December in Rome: 30 November has ended there.
    const lateNight = new Date('2026-11-30T23:30:00Z');
    expect(expiredRewardWarning('2026-11-30', lateNight)).toBe(EXPIRED_REWARD_WARNING);
    expect(EXPIRED_REWARD_WARNING).toMatch(/^Questo premio è già scaduto: i clienti non potranno riscattarlo\./);
    expect(expiredRewardWarning('2020-01-31', lateNight)).toBe(EXPIRED_REWARD_WARNING);
    // The last day itself still redeems (inclusive, as the API does).
    expect(expiredRewardWarning('2026-12-01', lateNight)).toBeNull();
    // An hour earlier it is still 30 November in Rome: no warning for that day.
    expect(expiredRewardWarning('2026-11-30', new Date('2026-11-30T22:30:00Z'))).toBeNull();
  });

  it('says nothing without a date or with one not yet complete', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(expiredRewardWarning('', now)).toBeNull();
    expect(expiredRewardWarning('2026-1', now)).toBeNull();
  });
});
