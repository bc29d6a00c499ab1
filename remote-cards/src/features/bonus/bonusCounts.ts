/** Bonus automation arithmetic (SPEC §4 "Bonus automation", §5 "Bonus threshold"). */

export const DEFAULT_BONUS_THRESHOLD = 1000;

/** Whole thresholds reached: floor(points / threshold), 0 below the threshold or for a bad threshold. */
export function thresholdsReached(points: number, threshold: number): number {
  if (!Number.isInteger(threshold) || threshold < 1 || !(points >= threshold)) return 0;
  return Math.floor(points / threshold);
}

/** The 'Bonus!' badge and the automation: more thresholds reached than already notified. */
export function isBonusDue(points: number, threshold: number, notified: number | undefined): boolean {
  return thresholdsReached(points, threshold) > (notified ?? 0);
}

export interface DueBonus {
  cardId: string;
  /** The count to store once the message is sent. */
  count: number;
}

/** The cards whose bonus message is owed, with the count each reaches. */
export function dueBonuses(
  cards: readonly { id: string; points: number }[],
  threshold: number,
  notified: Readonly<Record<string, number>>,
): DueBonus[] {
  return cards
    .filter((card) => isBonusDue(card.points, threshold, notified[card.id]))
    .map((card) => ({ cardId: card.id, count: thresholdsReached(card.points, threshold) }));
}

/** The threshold input's value if valid (an integer, at least 1), else null. */
export function parseThreshold(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/**
 * The server sends one message per card and key, whichever tab or reload asks: the key names the
 * threshold and the count reached, so the same bonus is never sent twice.
 */
export function bonusIdempotencyKey(threshold: number, count: number): string {
  return `bonus:${threshold}:${count}`;
}
