import { parsePointsInput } from '../pointsInput';

describe('parsePointsInput', () => {
  it.each([
    ['10', 10],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['-3', -3],
    [' 0.25 ', 0.25],
    ['', null],
    ['abc', null],
    ['1,2,3', null],
  ])('%p → %p', (input, value) => expect(parsePointsInput(input)).toBe(value));
});
