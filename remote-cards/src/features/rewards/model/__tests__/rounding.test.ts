import { newRoundingKey, roundingChange } from '../rounding';

it('makes a balance whole, down or up, in cents (no 11,999…)', () => {
  expect(roundingChange(12.5, 'down')).toBe(-0.5);
  expect(roundingChange(12.5, 'up')).toBe(0.5);
  expect(roundingChange(12.3, 'down')).toBe(-0.3);
  expect(12.3 + roundingChange(12.3, 'down')).toBe(12);
  expect(roundingChange(12.3, 'up')).toBe(0.7);
  expect(12.3 + roundingChange(12.3, 'up')).toBe(13);
  expect(roundingChange(0.01, 'down')).toBe(-0.01);
  expect(roundingChange(7, 'down')).toBe(0);
  expect(roundingChange(7, 'up')).toBe(0);
});

it('gives each rounding a key of its own', () => {
  expect(newRoundingKey()).toMatch(/^round-[0-9a-f]{32}$/);
  expect(newRoundingKey()).not.toBe(newRoundingKey());
});
