/** Data shaping for the overview's tiles and charts. */
import { formatMonthShort } from '@loyalty/shared';
import type { CardStats } from '../api';

export type PointsBucket = '0' | '1-50' | '51-100' | '101+';

export const POINTS_BUCKETS: readonly PointsBucket[] = ['0', '1-50', '51-100', '101+'];

/** The bucket a balance falls in; decimals go to the bucket above (50.5 is in 51-100). */
export function pointsBucket(points: number): PointsBucket {
  if (points <= 0) return '0';
  if (points <= 50) return '1-50';
  if (points <= 100) return '51-100';
  return '101+';
}

/** Pie slices in bucket order, from the stats call's counts. */
export function pointsBuckets(buckets: CardStats['buckets']): { bucket: PointsBucket; cards: number }[] {
  const counts = [buckets.zero, buckets.from1to50, buckets.from51to100, buckets.over100];
  return POINTS_BUCKETS.map((bucket, index) => ({ bucket, cards: counts[index] ?? 0 }));
}

/** 'YYYY-MM' of the last `count` calendar months in UTC, oldest first, the current one last. */
export function lastMonths(now: Date, count = 6): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

export interface MonthPoint {
  month: string;
  label: string;
  newCards: number;
  points: number;
  /** Rewards redeemed in the month. */
  redeemedRewards: number;
}

/**
 * The last 6 months ending with `now`'s month, zero-filled: months the server did not send count 0,
 * months outside the window are left out.
 */
export function monthSeries(months: CardStats['months'], now: Date, count = 6): MonthPoint[] {
  const byMonth = new Map(months.map((row) => [row.month, row]));
  return lastMonths(now, count).map((month) => ({
    month,
    label: formatMonthShort(month),
    newCards: byMonth.get(month)?.new_cards ?? 0,
    points: byMonth.get(month)?.points ?? 0,
    redeemedRewards: byMonth.get(month)?.redeemed_rewards ?? 0,
  }));
}

/**
 * A y-axis wide enough for its longest tick label, so «12.000» is never drawn as «2.000». The top tick recharts
 * picks rounds the highest value up (11 800 → 12.000), never past twice it; about 8 px a character at the
 * charts' 12 px, plus the tick mark.
 */
export function yAxisWidth(highest: number, format: (value: number) => string): number {
  const longest = format(Math.ceil(Math.max(highest, 1) * 2)).length;
  return Math.max(32, longest * 8 + 16);
}

/** The pie's legend in the buckets' own order (recharts sorts legend entries by their text otherwise). */
export const bucketOrder = (entry: { value?: string }): number => POINTS_BUCKETS.indexOf(entry.value as PointsBucket);
