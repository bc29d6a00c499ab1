/**
 * The overview's report with money in it (docs/decisions/079-sales-report.md): spend and visits per Italian month,
 * average spend per visit, visits per customer, customers who came back within 30/60/90 days, rewards redeemed.
 * A visit is a sale recorded at the counter (a ledger row with `earning`, decision 075); manual points are not visits.
 */
import type { Queryable } from '../../db';
import { managedBySql } from '../../lib/business-access';
import { italianDay } from '../rewards/repository';
import { markerSql } from './repository';

/** How many Italian calendar months the report covers, the current one last. */
export const REPORT_MONTHS = 12;
/** The return windows, in days after a customer's first visit of the period. */
export const RETURN_WINDOWS = [30, 60, 90] as const;

export interface SalesReportMonth {
  /** 'YYYY-MM', an Italian (Europe/Rome) calendar month. */
  month: string;
  spend_cents: number;
  visits: number;
  redeemed_rewards: number;
}

export interface ReturnShare {
  days: (typeof RETURN_WINDOWS)[number];
  /** Customers whose first visit of the period was at least `days` days ago (they had the time to come back). */
  customers: number;
  /** Of them, those with another visit on a later day within `days` days of it. */
  returned: number;
}

export interface SalesReport {
  spend_this_month_cents: number;
  visits_this_month: number;
  redeemed_this_month: number;
  months: SalesReportMonth[];
  /** Over the period: visits, customers with at least one, and the spend of the visits that have an amount. */
  visits: number;
  customers: number;
  spend_cents: number;
  /** Spend ÷ visits with an amount, in whole cents (half up); null without any. */
  average_spend_cents: number | null;
  /** Visits ÷ customers, two decimals; null without any visit. */
  visits_per_customer: number | null;
  returns: ReturnShare[];
}

const ROME_HOUR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

/**
 * The instant Italian month `month` (0-based, may run over or under: Date.UTC's rule) of `year` begins. Italy is
 * UTC+1 or UTC+2, and midnight of a 1st is never in a changeover hour (last Sundays of March and October, 02:00-03:00).
 */
export function italianMonthStart(year: number, month: number): Date {
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month, 1, -offset));
    const parts = Object.fromEntries(ROME_HOUR.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (parts.day === '01' && parts.hour === '00') return candidate;
  }
  throw new Error(`no Italian midnight for ${year}-${month + 1}-01`);
}

/** The first instants of the last REPORT_MONTHS Italian months and of the next one, oldest first. */
export function italianMonthStarts(now: Date): Date[] {
  const [year, month] = italianDay(now).split('-').map(Number);
  return Array.from({ length: REPORT_MONTHS + 1 }, (_, k) => italianMonthStart(year, month - 1 - (REPORT_MONTHS - 1) + k));
}

const monthOf = (start: Date) => italianDay(start).slice(0, 7);

export function createSalesReportsRepository(db: Queryable) {
  return { inScope: (businessId: string, ownerId: string | null, now: Date) => salesReportInScope(db, businessId, ownerId, now) };
}

/**
 * The report of a business in one statement that also checks it like the stats (null when it does not exist or,
 * with `ownerId`, is not that admin's), with the change marker of the read cache. The months are one pass over the
 * business's sales and redemptions of the period (the partial index of migration 038 holds what they sum); the
 * customers and their returns read the cards' visit days (migration 038), never sorting the period's sales.
 */
async function salesReportInScope(db: Queryable, businessId: string, ownerId: string | null, now: Date): Promise<(SalesReport & { marker: string }) | null> {
  const starts = italianMonthStarts(now);
  const today = italianDay(now);
  const { rows } = await db.query<Record<string, number> & { marker: string; months: { k: number; visits: number; priced: number; spend: number; redeemed: number }[] }>(
    `WITH allowed AS (
       SELECT b.id FROM businesses b WHERE b.id = $1 AND ($2::text IS NULL OR ${managedBySql('b', 2)})
     ),
     -- A row of the index is a sale (kind 'credit', decision 075) or a redemption. Bucket k: starts[k - 1] <= created_at < starts[k].
     months AS (
       SELECT width_bucket(l.created_at, $3::timestamptz[]) AS k,
              count(*) FILTER (WHERE l.kind <> 'redemption') AS visits,
              count(l.amount_cents) AS priced,
              coalesce(sum(l.amount_cents), 0) AS spend,
              count(*) FILTER (WHERE l.kind = 'redemption') AS redeemed
         FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id
        WHERE c.business_id = $1 AND (l.earning IS NOT NULL OR l.kind = 'redemption') AND l.created_at >= $4::timestamptz AND l.created_at < $5::timestamptz
        GROUP BY 1
     ),
     -- Customers with a visit in the period; of those whose first visit ever is in it and at least N days before
     -- today, the ones back on another day within N days.
     visitors AS (
       SELECT count(*) AS customers,
              ${RETURN_WINDOWS.map(
                (days) =>
                  `count(*) FILTER (WHERE c.first_visit_on >= $6::date AND c.first_visit_on <= $7::date - ${days}) AS eligible_${days}, ` +
                  `count(*) FILTER (WHERE c.first_visit_on >= $6::date AND c.first_visit_on <= $7::date - ${days} AND c.return_visit_on - c.first_visit_on <= ${days}) AS returned_${days}`,
              ).join(',\n              ')}
         FROM loyalty_cards c WHERE c.business_id = $1 AND c.last_visit_on >= $6::date
     )
     SELECT visitors.*, (SELECT coalesce(json_agg(months), '[]') FROM months) AS months, ${markerSql('$1')} AS marker FROM allowed, visitors`,
    [businessId, ownerId, starts.map((d) => d.toISOString()), starts[0].toISOString(), starts[REPORT_MONTHS].toISOString(), italianDay(starts[0]), today],
  );
  if (rows.length === 0) return null;
  const t = rows[0];
  const byBucket = new Map(t.months.map((m) => [Number(m.k), m]));
  const monthRows = starts.slice(0, REPORT_MONTHS).map((start, k) => {
    const m = byBucket.get(k + 1);
    return { month: monthOf(start), spend_cents: Number(m?.spend ?? 0), visits: Number(m?.visits ?? 0), redeemed_rewards: Number(m?.redeemed ?? 0) };
  });
  const visits = monthRows.reduce((n, m) => n + m.visits, 0);
  const spend = monthRows.reduce((n, m) => n + m.spend_cents, 0);
  const priced = t.months.reduce((n, m) => n + Number(m.priced), 0);
  const current = monthRows[REPORT_MONTHS - 1];
  return {
    marker: t.marker,
    spend_this_month_cents: current.spend_cents,
    visits_this_month: current.visits,
    redeemed_this_month: current.redeemed_rewards,
    months: monthRows,
    visits,
    customers: t.customers,
    spend_cents: spend,
    average_spend_cents: priced > 0 ? Math.round(spend / priced) : null,
    visits_per_customer: t.customers > 0 ? Math.round((visits / t.customers) * 100) / 100 : null,
    returns: RETURN_WINDOWS.map((days) => ({ days, customers: t[`eligible_${days}`], returned: t[`returned_${days}`] })),
  };
}
