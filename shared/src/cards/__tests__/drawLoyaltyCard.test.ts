/**
 * jsdom cannot draw, so the card is drawn on a context that records the calls (the pixels and the QR are
 * proven in Chromium by e2e/tests/landing.spec.ts); the QR is a blank canvas here.
 */
import { drawLoyaltyCard, PRINT_CARD_SIZE } from '../drawLoyaltyCard';
import { CARD_QR_SIZE, CARD_WIDTH } from '../cardLayout';
import { renderQrCode } from '../qrCode';

jest.mock('../qrCode', () => ({ renderQrCode: jest.fn(async () => document.createElement('canvas')) }));

type Call = [string, ...unknown[]];

function recordingCanvas() {
  const calls: Call[] = [];
  const context = new Proxy(
    {
      measureText: (text: string) => ({ width: text.length * 8 }),
      createLinearGradient: () => ({ addColorStop: (offset: number, color: string) => calls.push(['addColorStop', offset, color]) }),
    } as Record<string, unknown>,
    {
      get(target, property: string) {
        if (property in target) return target[property];
        return (...args: unknown[]) => calls.push([property, ...args]);
      },
      set(_target, property: string, value) {
        calls.push([`set ${property}`, value]);
        return true;
      },
    },
  );
  const canvas = document.createElement('canvas');
  jest.spyOn(canvas, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  return { canvas, calls };
}

const CARD = { brandName: 'Appo', businessName: 'Bar Centrale', qrText: 'https://example.it/dashboard/add-points?card_id=1&user_id=2' };

const arcs = (calls: Call[]) => calls.filter(([name]) => name === 'arc');
/** After each circle's arc: 'fill' (a stamp collected) or 'stroke' (one still to collect). */
const circleKinds = (calls: Call[]) =>
  calls.flatMap(([name], i) => (name === 'arc' ? [calls.slice(i + 1).find(([next]) => next === 'fill' || next === 'stroke')![0]] : []));
const texts = (calls: Call[]) => calls.filter(([name]) => name === 'fillText').map(([, text]) => text);
/** Each text with the fill colour it was written in. */
const coloredTexts = (calls: Call[]) => {
  let fill: unknown;
  return calls.flatMap((call) => {
    if (call[0] === 'set fillStyle') fill = call[1];
    return call[0] === 'fillText' ? [[call[1], fill]] : [];
  });
};
const gradientStops = (calls: Call[]) => calls.filter(([name]) => name === 'addColorStop').map(([, , color]) => color);

it('draws the card as before when it has no stamps: names, footer and QR, no circles', async () => {
  const { canvas, calls } = recordingCanvas();
  await drawLoyaltyCard(canvas, CARD);
  expect(texts(calls)).toEqual(['Appo', 'Bar Centrale', 'CARTA FEDELTÀ']);
  expect(arcs(calls)).toHaveLength(0);
  expect(calls.filter(([name]) => name === 'drawImage')).toHaveLength(1);
});

it('draws 7 filled circles out of 10, all left of the QR code', async () => {
  const { canvas, calls } = recordingCanvas();
  await drawLoyaltyCard(canvas, { ...CARD, stamps: { collected: 7, cost: 10 } });
  expect(circleKinds(calls)).toEqual([...Array<string>(7).fill('fill'), ...Array<string>(3).fill('stroke')]);
  const qrLeft = CARD_WIDTH - 24 - CARD_QR_SIZE;
  for (const [, x, , radius] of arcs(calls)) expect((x as number) + (radius as number)).toBeLessThan(qrLeft);
  expect(texts(calls)).toEqual(['Appo', 'Bar Centrale', 'CARTA FEDELTÀ']);
});

it("writes 'N/M timbri' instead of more than 20 circles", async () => {
  const { canvas, calls } = recordingCanvas();
  await drawLoyaltyCard(canvas, { ...CARD, stamps: { collected: 37, cost: 50 } });
  expect(arcs(calls)).toHaveLength(0);
  expect(texts(calls)).toContain('37/50 timbri');
});

describe('the shop’s colour (brand_color)', () => {
  it('keeps the dark blue gradient and white text without one (a page built before it passes none)', async () => {
    for (const brandColor of [undefined, null, 'rosso']) {
      const { canvas, calls } = recordingCanvas();
      await drawLoyaltyCard(canvas, { ...CARD, brandColor });
      expect(gradientStops(calls)).toEqual(['#1e3a8a', '#1d4ed8']);
      expect(coloredTexts(calls)).toEqual([
        ['Appo', '#ffffff'],
        ['Bar Centrale', '#ffffff'],
        ['CARTA FEDELTÀ', '#bfdbfe'],
      ]);
    }
  });

  it('paints a dark colour with white text, stamps included', async () => {
    const { canvas, calls } = recordingCanvas();
    await drawLoyaltyCard(canvas, { ...CARD, brandColor: '#7F1D1D', stamps: { collected: 1, cost: 2 } });
    expect(gradientStops(calls)[0]).toBe('#7f1d1d');
    expect(coloredTexts(calls).slice(0, 2)).toEqual([
      ['Appo', '#ffffff'],
      ['Bar Centrale', '#ffffff'],
    ]);
    expect(calls.filter(([name]) => name === 'set strokeStyle')).toEqual([['set strokeStyle', '#ffffff']]);
  });

  it('writes near-black text on a light colour, stamps included', async () => {
    const { canvas, calls } = recordingCanvas();
    await drawLoyaltyCard(canvas, { ...CARD, brandColor: '#f5e6c8', stamps: { collected: 1, cost: 2 } });
    expect(gradientStops(calls)[0]).toBe('#f5e6c8');
    const [brand, business, footer] = coloredTexts(calls);
    expect([brand, business]).toEqual([
      ['Appo', '#111827'],
      ['Bar Centrale', '#111827'],
    ]);
    expect(footer[0]).toBe('CARTA FEDELTÀ');
    expect(calls.filter(([name]) => name === 'set strokeStyle')).toEqual([['set strokeStyle', '#111827']]);
  });
});

describe('for print (a credit card at 300 dpi)', () => {
  it('is 1011 × 638 px: 85.60 × 53.98 mm at 300 dpi', () => {
    expect(PRINT_CARD_SIZE).toEqual({ width: 1011, height: 638 });
    expect((PRINT_CARD_SIZE.width / 300) * 25.4).toBeCloseTo(85.6, 1);
    expect((PRINT_CARD_SIZE.height / 300) * 25.4).toBeCloseTo(53.98, 1);
  });

  it('draws the same design scaled, the QR rendered at its printed size, not enlarged', async () => {
    jest.mocked(renderQrCode).mockClear();
    const { canvas, calls } = recordingCanvas();
    await drawLoyaltyCard(canvas, { ...CARD, stamps: { collected: 3, cost: 10 } }, PRINT_CARD_SIZE);
    expect([canvas.width, canvas.height]).toEqual([1011, 638]);
    const scale = 1011 / CARD_WIDTH;
    // The background covers the whole canvas; the design is scaled to the width and centred in height.
    expect(calls).toContainEqual(['fillRect', 0, 0, 1011, 638]);
    const transform = calls.find(([name]) => name === 'setTransform')!;
    expect(transform[1]).toBeCloseTo(scale);
    expect(transform[5]).toBeCloseTo(0);
    expect(transform[6]).toBeCloseTo((638 - 250 * scale) / 2);
    expect(texts(calls)).toEqual(['Appo', 'Bar Centrale', 'CARTA FEDELTÀ']);
    expect(circleKinds(calls)).toHaveLength(10);
    // The QR: asked of qrcode at 303 px, drawn untransformed at that size on whole pixels, without smoothing.
    const qrSize = Math.round(CARD_QR_SIZE * scale);
    expect(jest.mocked(renderQrCode)).toHaveBeenCalledWith(CARD.qrText, qrSize);
    const drawn = calls.findIndex(([name]) => name === 'drawImage');
    const [, , x, y, width, height] = calls[drawn];
    expect([width, height]).toEqual([qrSize, qrSize]);
    expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
    expect((x as number) + qrSize).toBeLessThanOrEqual(1011 - Math.floor(24 * scale));
    expect(calls.slice(0, drawn).findLast(([name]) => name === 'setTransform')).toEqual(['setTransform', 1, 0, 0, 1, 0, 0]);
    expect(calls.slice(0, drawn)).toContainEqual(['set imageSmoothingEnabled', false]);
  });
});
