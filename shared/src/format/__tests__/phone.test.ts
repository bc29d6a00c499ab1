import { formatPhone, looksLikePhone } from '../phone';

describe('formatPhone', () => {
  // Expected values are libphonenumber-js 1.13.16's formatNational() for the same numbers.
  it.each([
    ['+393331234567', '333 123 4567'],
    ['+39333123456', '333 123 456'],
    ['+393512345678', '351 234 5678'],
    ['+390212345678', '02 1234 5678'],
    ['+39021234567', '02 123 4567'],
    ['+390612345678', '06 1234 5678'],
    ['+3906123456', '06 123456'],
    ['+390111234567', '011 123 4567'],
    ['+39011123456', '011 123456'],
    ['+390817654321', '081 765 4321'],
    ['+390550123456', '055 012 3456'],
    ['+390471123456', '0471 123456'],
    ['+390331123456', '0331 123456'],
    ['+39800123456', '800 123 456'],
  ])('shows the Italian number %p in the national format: %p', (stored, shown) => expect(formatPhone(stored)).toBe(shown));

  it('reads Italian numbers however they were typed', () => {
    expect(formatPhone('+39 333 1234567')).toBe('333 123 4567');
    expect(formatPhone('0039 333 123 4567')).toBe('333 123 4567');
    expect(formatPhone('333-123.4567')).toBe('333 123 4567');
    expect(formatPhone(' 3331234567 ')).toBe('333 123 4567');
    expect(formatPhone('+39 02 1234 5678')).toBe('02 1234 5678');
  });

  it('shows a foreign number internationally, its country code apart', () => {
    expect(formatPhone('+442079460958')).toBe('+44 2079460958');
    expect(formatPhone('+12125551234')).toBe('+1 2125551234');
    expect(formatPhone('+4930123456')).toBe('+49 30123456');
    expect(formatPhone('+35312345678')).toBe('+353 12345678');
    expect(formatPhone('0033 6 12 34 56 78')).toBe('+33 612345678');
  });

  it('shows what it cannot read as written, and a dash for nothing', () => {
    expect(formatPhone('chiamare in negozio')).toBe('chiamare in negozio');
    expect(formatPhone('12')).toBe('12');
    expect(formatPhone('+3912')).toBe('+3912');
    expect(formatPhone('')).toBe('—');
    expect(formatPhone('   ')).toBe('—');
    expect(formatPhone(null)).toBe('—');
  });
});

describe('looksLikePhone (the forms’ quick check; the API decides, decision 024)', () => {
  it.each(['333 123 4567', '+39 333 1234567', '0039 (333) 123-4567', '02/1234.5678', '123456', ' 333123 '])('lets %j through', (value) => {
    expect(looksLikePhone(value)).toBe(true);
  });

  it.each(['abc', '', '   ', '12345', '+39 333', '333 1234567 casa', '333_1234567', 'tel. 3331234567'])('stops %j', (value) => {
    expect(looksLikePhone(value)).toBe(false);
  });
});
