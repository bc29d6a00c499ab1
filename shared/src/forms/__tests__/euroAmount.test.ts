import { AMOUNT_MESSAGES, canonicalAmount, parseEuroAmount } from '../rules';

describe('parseEuroAmount', () => {
  it.each([
    ['23,50', 2350],
    [' 23,5 ', 2350],
    ['23', 2300],
    ['23.50', 2350],
    ['23.5', 2350],
    ['1.234,50', 123450],
    ['1.234', 123400],
    ['12.345.678', 1234567800],
    ['0,01', 1],
    ['100.000', 10_000_000],
    ['100000,00', 10_000_000],
    ['23,50 €', 2350],
    ['€ 1.000', 100000],
  ])('reads %s as %i cents', (input, cents) => {
    if (cents > 10_000_000) expect(parseEuroAmount(input)).toEqual({ error: AMOUNT_MESSAGES.tooLarge });
    else expect(parseEuroAmount(input)).toEqual({ cents });
  });

  it.each([
    ['', AMOUNT_MESSAGES.required],
    ['   ', AMOUNT_MESSAGES.required],
    ['venti', AMOUNT_MESSAGES.invalid],
    ['23,50,1', AMOUNT_MESSAGES.invalid],
    ['1.23,50', AMOUNT_MESSAGES.invalid],
    ['12.34.567', AMOUNT_MESSAGES.invalid],
    ['1,234.50', AMOUNT_MESSAGES.invalid],
    ['23,505', AMOUNT_MESSAGES.decimals],
    ['0', AMOUNT_MESSAGES.notPositive],
    ['0,00', AMOUNT_MESSAGES.notPositive],
    ['-5', AMOUNT_MESSAGES.notPositive],
    ['100.000,01', AMOUNT_MESSAGES.tooLarge],
    ['99999999999', AMOUNT_MESSAGES.tooLarge],
  ])('refuses %j with an Italian message', (input, error) => {
    expect(parseEuroAmount(input)).toEqual({ error });
  });

  it('writes cents in the API’s canonical form', () => {
    expect([canonicalAmount(2350), canonicalAmount(1), canonicalAmount(10_000_000), canonicalAmount(2305)]).toEqual(['23.50', '0.01', '100000.00', '23.05']);
  });
});
