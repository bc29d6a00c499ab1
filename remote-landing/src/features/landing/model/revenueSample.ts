/** A row of the landing charts' data. */
export interface RevenueRow {
  month: string;
  revenue: number;
  projected: number;
}

/** A fixed sample for the landing charts, January to June (EUR). */
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
