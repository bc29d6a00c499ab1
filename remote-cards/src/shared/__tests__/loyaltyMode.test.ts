import { expiringText, formatAmount, loyaltyModeOf, missingText, unitTitle, unitWord } from '../loyaltyMode';

describe('the words of points and stamps', () => {
  it('names the unit in labels', () => {
    expect(unitWord('points')).toBe('punti');
    expect(unitWord('stamps')).toBe('timbri');
    expect(unitTitle('points')).toBe('Punti');
    expect(unitTitle('stamps')).toBe('Timbri');
  });

  it.each([
    [1, 'points', '1 punto'],
    [0, 'points', '0 punti'],
    [12.5, 'points', '12,5 punti'],
    [4017.5, 'points', '4.017,5 punti'],
    [1, 'stamps', '1 timbro'],
    [10, 'stamps', '10 timbri'],
    [1000, 'stamps', '1.000 timbri'],
  ] as const)('writes %p in %s as %p', (amount, mode, text) => expect(formatAmount(amount, mode)).toBe(text));

  it('says what a card lacks, singular for exactly one', () => {
    expect(missingText(30, 'points')).toBe('Mancano 30 punti');
    expect(missingText(0.5, 'points')).toBe('Mancano 0,5 punti');
    expect(missingText(1, 'stamps')).toBe('Manca 1 timbro');
    expect(missingText(3, 'stamps')).toBe('Mancano 3 timbri');
  });

  it('says how much expires and when, the date day first and never shifted', () => {
    expect(expiringText(20, '2026-12-31', 'points')).toBe('20 punti in scadenza il 31/12/2026');
    expect(expiringText(1, '2027-01-05', 'stamps')).toBe('1 timbro in scadenza il 05/01/2027');
  });

  it("reads a business's mode, points when the API sends none (an API older than stamps) or there is no business", () => {
    expect(loyaltyModeOf({ loyalty_mode: 'stamps' })).toBe('stamps');
    expect(loyaltyModeOf({ loyalty_mode: 'points' })).toBe('points');
    expect(loyaltyModeOf({})).toBe('points');
    expect(loyaltyModeOf(null)).toBe('points');
  });
});
