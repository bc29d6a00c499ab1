import { visibleLines } from '../VirtualList';

describe('visibleLines', () => {
  it('renders the lines in view plus the overscan, within the list', () => {
    expect(visibleLines(0, 600, 100, 1000, 2)).toEqual({ first: 0, last: 8 });
    expect(visibleLines(50_000, 600, 100, 1000, 2)).toEqual({ first: 498, last: 508 });
    expect(visibleLines(99_900, 600, 100, 1000, 2)).toEqual({ first: 997, last: 1000 });
    expect(visibleLines(0, 600, 100, 0, 2)).toEqual({ first: 0, last: 0 });
  });
});
