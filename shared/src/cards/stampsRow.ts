/**
 * The stamps row of a stamp-mode card image ("10 caffè, l'undicesimo è gratis"): the stamps
 * collected out of the next reward's cost, as circles, or as 'N/M' text when there would be too many to draw.
 * Pure layout, so the rule is testable without a canvas (jsdom cannot draw).
 */

/** The stamps a card holds and the cost of the next reward (both whole numbers). */
export interface CardStamps {
  collected: number;
  cost: number;
}

/** More circles than this would be too small to read on a 400×250 card: the row says 'N/M' instead. */
export const STAMPS_MAX_CIRCLES = 20;
/** Circles on one line; a cost above it takes two lines. */
export const STAMPS_PER_LINE = 10;

/** Where the row may draw: left of the QR code, between the business name and the footer. */
export interface StampsArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StampCircle {
  x: number;
  y: number;
  radius: number;
  filled: boolean;
}

export type StampsRow =
  | { kind: 'circles'; circles: StampCircle[] }
  | { kind: 'text'; text: string; x: number; y: number };

/** Whole, non-negative stamps and a cost of at least 1, or null when there is nothing sensible to draw. */
export function normaliseStamps(stamps: CardStamps | undefined): CardStamps | null {
  if (!stamps || !Number.isFinite(stamps.collected) || !Number.isFinite(stamps.cost)) return null;
  const cost = Math.floor(stamps.cost);
  if (cost < 1) return null;
  return { collected: Math.max(0, Math.floor(stamps.collected)), cost };
}

/** How the row reads to a screen reader, for the image's label: '7 timbri su 10'. */
export function stampsDescription(stamps: CardStamps | undefined): string | null {
  const row = normaliseStamps(stamps);
  if (!row) return null;
  return `${row.collected} ${row.collected === 1 ? 'timbro' : 'timbri'} su ${row.cost}`;
}

/**
 * The circles of the row: `cost` of them (at most STAMPS_MAX_CIRCLES, STAMPS_PER_LINE a line), the first
 * `collected` filled (a card holding more than the cost fills them all); above the cap, the text 'N/M'.
 */
export function stampsRow(stamps: CardStamps | undefined, area: StampsArea): StampsRow | null {
  const row = normaliseStamps(stamps);
  if (!row) return null;
  if (row.cost > STAMPS_MAX_CIRCLES) return { kind: 'text', text: `${row.collected}/${row.cost}`, x: area.x, y: area.y };
  const lines = Math.ceil(row.cost / STAMPS_PER_LINE);
  const cell = Math.min(area.width / STAMPS_PER_LINE, area.height / lines);
  const radius = Math.floor(cell * 0.4);
  const circles: StampCircle[] = [];
  for (let index = 0; index < row.cost; index++) {
    const column = index % STAMPS_PER_LINE;
    const line = Math.floor(index / STAMPS_PER_LINE);
    circles.push({
      x: Math.round(area.x + cell * column + cell / 2),
      y: Math.round(area.y + cell * line + cell / 2),
      radius,
      filled: index < row.collected,
    });
  }
  return { kind: 'circles', circles };
}
