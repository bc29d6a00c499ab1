/**
 * Data shaping for the overview's sales report (docs/decisions/079-sales-report.md): every figure as it reads in
 * Italy, and the rows of the months' table.
 */
import { formatCount, formatDecimal, formatMonthShort } from '@loyalty/shared';
import type { SalesReport } from '../api';
import { formatCents } from './money';

/** '33%', as Intl's it-IT percent writes it (shared's formatDecimal, the point moved two places: decision 096). */
const formatShare = (share: number) => `${formatDecimal(share, 0, 0, 2)}%`;

/** Shown where a figure has nothing to be computed from (no sale, nobody who could have come back yet). */
export const NO_FIGURE = '—';

/** Whether the period has anything to report: a sale or a reward redeemed. */
export function hasActivity(report: SalesReport): boolean {
  return report.visits > 0 || report.months.some((m) => m.redeemed_rewards > 0);
}

/** '23,50 €' per visit, or '—' without a sale with an amount. */
export function formatAverageSpend(report: SalesReport): string {
  return report.average_spend_cents === null ? NO_FIGURE : formatCents(report.average_spend_cents);
}

/** '1,75' visits per customer, or '—' without a visit. */
export function formatVisitsPerCustomer(report: SalesReport): string {
  return report.visits_per_customer === null ? NO_FIGURE : formatDecimal(report.visits_per_customer, 0, 2);
}

/** One return window as the overview tells it: '33%' and '2 clienti su 6', or '—' when nobody could come back yet. */
export function returnShare(share: SalesReport['returns'][number]): { days: number; value: string; detail: string } {
  if (share.customers === 0) return { days: share.days, value: NO_FIGURE, detail: `nessun cliente con la prima visita da almeno ${share.days} giorni` };
  return {
    days: share.days,
    value: formatShare(share.returned / share.customers),
    detail: `${formatCount(share.returned, { one: 'cliente', other: 'clienti' })} su ${formatCount(share.customers)}`,
  };
}

export interface ReportMonthRow {
  month: string;
  /** 'gen 2026' */
  label: string;
  spend: string;
  visits: string;
  redeemed: string;
}

/** The months' table, oldest first as the server sends them, every figure formatted. */
export function reportMonthRows(report: SalesReport): ReportMonthRow[] {
  return report.months.map((m) => ({
    month: m.month,
    label: formatMonthShort(m.month),
    spend: formatCents(m.spend_cents),
    visits: formatCount(m.visits),
    redeemed: formatCount(m.redeemed_rewards),
  }));
}
