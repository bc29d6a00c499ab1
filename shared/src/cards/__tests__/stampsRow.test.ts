import fc from 'fast-check';
import { STAMPS_MAX_CIRCLES, normaliseStamps, stampsDescription, stampsRow, type StampCircle } from '../stampsRow';

const AREA = { x: 24, y: 104, width: 208, height: 90 };

function circlesOf(collected: number, cost: number): StampCircle[] {
  const row = stampsRow({ collected, cost }, AREA);
  if (row?.kind !== 'circles') throw new Error(`circles expected, got ${JSON.stringify(row)}`);
  return row.circles;
}

describe('stampsRow', () => {
  it("draws '7 of 10' as ten circles on one line, the first seven filled", () => {
    const circles = circlesOf(7, 10);
    expect(circles.map((c) => c.filled)).toEqual([true, true, true, true, true, true, true, false, false, false]);
    expect(new Set(circles.map((c) => c.y)).size).toBe(1);
    const xs = circles.map((c) => c.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('puts a cost above ten on two lines and draws up to the cap', () => {
    const circles = circlesOf(12, STAMPS_MAX_CIRCLES);
    expect(circles).toHaveLength(20);
    expect(circles.filter((c) => c.filled)).toHaveLength(12);
    expect(new Set(circles.map((c) => c.y)).size).toBe(2);
  });

  it("says 'N/M' instead of circles above the cap", () => {
    expect(stampsRow({ collected: 37, cost: 50 }, AREA)).toEqual({ kind: 'text', text: '37/50', x: AREA.x, y: AREA.y });
  });

  it('fills every circle when the card holds more than the cost, none when it holds none', () => {
    expect(circlesOf(14, 10).every((c) => c.filled)).toBe(true);
    expect(circlesOf(0, 10).some((c) => c.filled)).toBe(false);
  });

  it('draws nothing without stamps or with a cost that is not a reward', () => {
    expect(stampsRow(undefined, AREA)).toBeNull();
    expect(stampsRow({ collected: 3, cost: 0 }, AREA)).toBeNull();
    expect(stampsRow({ collected: 3, cost: Number.NaN }, AREA)).toBeNull();
    expect(stampsRow({ collected: Number.POSITIVE_INFINITY, cost: 10 }, AREA)).toBeNull();
  });

  it('counts whole stamps only and never a negative number', () => {
    expect(normaliseStamps({ collected: 7.9, cost: 10.5 })).toEqual({ collected: 7, cost: 10 });
    expect(normaliseStamps({ collected: -2, cost: 10 })).toEqual({ collected: 0, cost: 10 });
  });

  it('keeps every circle inside the area, apart from the others, and fills exactly min(collected, cost)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: STAMPS_MAX_CIRCLES }), (collected, cost) => {
        const circles = circlesOf(collected, cost);
        expect(circles).toHaveLength(cost);
        expect(circles.filter((c) => c.filled)).toHaveLength(Math.min(collected, cost));
        for (const c of circles) {
          expect(c.radius).toBeGreaterThanOrEqual(4);
          expect(c.x - c.radius).toBeGreaterThanOrEqual(AREA.x);
          expect(c.x + c.radius).toBeLessThanOrEqual(AREA.x + AREA.width);
          expect(c.y - c.radius).toBeGreaterThanOrEqual(AREA.y);
          expect(c.y + c.radius).toBeLessThanOrEqual(AREA.y + AREA.height);
        }
        for (let i = 1; i < circles.length; i++) {
          const [a, b] = [circles[i - 1], circles[i]];
          if (a.y === b.y) expect(b.x - a.x).toBeGreaterThan(a.radius + b.radius);
        }
      }),
    );
  });
});

describe('stampsDescription', () => {
  it('reads the row for the image label, in Italian', () => {
    expect(stampsDescription({ collected: 7, cost: 10 })).toBe('7 timbri su 10');
    expect(stampsDescription({ collected: 1, cost: 10 })).toBe('1 timbro su 10');
    expect(stampsDescription({ collected: 37, cost: 50 })).toBe('37 timbri su 50');
    expect(stampsDescription(undefined)).toBeNull();
  });
});
