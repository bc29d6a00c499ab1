import { FORM_MESSAGES } from '../messages';
import { canonicalAmount, parseEuroAmount } from '../rules';

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
    if (cents > 10_000_000) expect(parseEuroAmount(input)).toEqual({ error: FORM_MESSAGES.amountTooLarge });
    else expect(parseEuroAmount(input)).toEqual({ cents });
  });

  it.each([
    ['', FORM_MESSAGES.amountRequired],
    ['   ', FORM_MESSAGES.amountRequired],
    ['venti', FORM_MESSAGES.amountInvalid],
    ['23,50,1', FORM_MESSAGES.amountInvalid],
    ['1.23,50', FORM_MESSAGES.amountInvalid],
    ['12.34.567', FORM_MESSAGES.amountInvalid],
    ['1,234.50', FORM_MESSAGES.amountInvalid],
    ['23,505', FORM_MESSAGES.amountDecimals],
    ['0', FORM_MESSAGES.amountNotPositive],
    ['0,00', FORM_MESSAGES.amountNotPositive],
    ['-5', FORM_MESSAGES.amountNotPositive],
    ['100.000,01', FORM_MESSAGES.amountTooLarge],
    ['99999999999', FORM_MESSAGES.amountTooLarge],
  ])('refuses %j with an Italian message', (input, error) => {
    expect(parseEuroAmount(input)).toEqual({ error });
  });

  it('writes cents in the API’s canonical form', () => {
    expect([canonicalAmount(2350), canonicalAmount(1), canonicalAmount(10_000_000), canonicalAmount(2305)]).toEqual(['23.50', '0.01', '100000.00', '23.05']);
  });
});
