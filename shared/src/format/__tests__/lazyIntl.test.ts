/**
 * @loyalty/shared is loaded by every page, the landing included, whose first paint must not pay for
 * Intl's locale data (decision 020): loading the package builds no Intl formatter; the first one is
 * built when a number or a date is first formatted.
 */
it('builds no Intl formatter until something is formatted', () => {
  const numberFormat = jest.spyOn(Intl, 'NumberFormat');
  const dateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat');
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const shared = require('../../index') as typeof import('../../index');
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();

    expect(shared.formatEuro(2500)).toBe('2.500\u00a0€');
    expect(shared.formatPhone('+393331234567')).toBe('333 123 4567');
    expect(numberFormat).not.toHaveBeenCalled();

    expect(shared.formatPoints(4017.5)).toBe('4.017,5');
    expect(shared.formatPoints(1)).toBe('1');
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(shared.formatDate('2026-03-15T12:00:00Z')).toMatch(/^1[56]\/03\/2026$/);
    expect(dateTimeFormat).toHaveBeenCalledTimes(1);
  });
});
