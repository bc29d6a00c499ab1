/** SPEC §3 "Chart data row". */
export interface RevenueRow {
  month: string;
  revenue: number;
  projected: number;
}

/** SPEC §9: fixed sample for the landing charts, January to June (EUR). */
export const REVENUE_SAMPLE: readonly RevenueRow[] = [
  { month: 'Gen', revenue: 12000, projected: 15000 },
  { month: 'Feb', revenue: 14500, projected: 18000 },
  { month: 'Mar', revenue: 17000, projected: 21000 },
  { month: 'Apr', revenue: 19500, projected: 24000 },
  { month: 'Mag', revenue: 22000, projected: 27000 },
  { month: 'Giu', revenue: 25000, projected: 30000 },
];

export interface ExtraEarningsRow {
  month: string;
  extra: number;
}

/** Each month's revenue above the first month's: what the loyalty programme added. */
export function monthlyExtraEarnings(rows: readonly RevenueRow[]): ExtraEarningsRow[] {
  const baseline = rows[0]?.revenue ?? 0;
  return rows.map(({ month, revenue }) => ({ month, extra: revenue - baseline }));
}

/**
 * Whole euros the way Italian `Intl.NumberFormat` writes them ("2500 €", "12.000 €": CLDR groups Italian
 * thousands only from five digits on), written out by hand: the first `Intl.NumberFormat` of a page loads
 * the locale data, 30–70 ms on a desktop and several times that on a phone, in one piece that no
 * transition can split, while the landing renders. The test compares it with `Intl.NumberFormat` over a
 * range of amounts.
 */
export function formatEuro(value: number): string {
  const whole = Math.round(Math.abs(value)); // half away from zero, like Intl's default rounding
  const digits = String(whole);
  const grouped = digits.length > 4 ? digits.replace(/\B(?=(\d{3})+$)/g, '.') : digits;
  return `${value < 0 && whole > 0 ? '-' : ''}${grouped}\u00a0€`;
}
