import { deleteQuestion, redeemedText, stockText, validityText } from '../rewardText';

it('words the validity, day first', () => {
  expect(validityText({ valid_from: null, valid_until: null })).toBe('Sempre');
  expect(validityText({ valid_from: '2026-12-01', valid_until: null })).toBe('Dal 01/12/2026');
  expect(validityText({ valid_from: null, valid_until: '2026-12-31' })).toBe('Fino al 31/12/2026');
  expect(validityText({ valid_from: '2026-12-01', valid_until: '2026-12-31' })).toBe('Dal 01/12/2026 al 31/12/2026');
});

it('words the stock and the redemptions', () => {
  expect(stockText(null)).toBe('Illimitata');
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
