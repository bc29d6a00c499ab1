import type { SalesReport } from '../../api';
import { formatAverageSpend, formatVisitsPerCustomer, hasActivity, NO_FIGURE, reportMonthRows, returnShare } from '../salesReport';

const months = (spend: number[]) =>
  spend.map((cents, k) => ({ month: `2026-${String(k + 1).padStart(2, '0')}`, spend_cents: cents, visits: cents > 0 ? 2 : 0, redeemed_rewards: k === 11 ? 1 : 0 }));

const report = (overrides: Partial<SalesReport> = {}): SalesReport => ({
  spend_this_month_cents: 123450,
  visits_this_month: 2,
  redeemed_this_month: 1,
  months: months([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2350, 123450]),
  visits: 14,
  customers: 8,
  spend_cents: 28025,
  average_spend_cents: 2002,
  visits_per_customer: 1.75,
  // The shares are formatted one by one below (returnShare); the report's own list plays no part here.
  returns: [],
  ...overrides,
});

describe('the sales report as it reads in Italy', () => {
  it('writes euros with a decimal comma and grouped thousands, visits per customer with up to two decimals', () => {
    expect(formatAverageSpend(report())).toBe('20,02 €');
    expect(formatAverageSpend(report({ average_spend_cents: 123450 }))).toBe('1.234,50 €');
    expect(formatVisitsPerCustomer(report())).toBe('1,75');
    expect(formatVisitsPerCustomer(report({ visits_per_customer: 2 }))).toBe('2');
  });

  it('shows a dash where there is nothing to compute from', () => {
    expect(formatAverageSpend(report({ average_spend_cents: null }))).toBe(NO_FIGURE);
    expect(formatVisitsPerCustomer(report({ visits_per_customer: null }))).toBe(NO_FIGURE);
    expect(returnShare({ days: 90, customers: 0, returned: 0 })).toEqual({ days: 90, value: '—', detail: 'nessun cliente con la prima visita da almeno 90 giorni' });
  });

  it('tells the share of customers back with how many of how many', () => {
    expect(returnShare({ days: 30, customers: 6, returned: 2 })).toEqual({ days: 30, value: '33%', detail: '2 clienti su 6' });
    expect(returnShare({ days: 60, customers: 1, returned: 1 })).toEqual({ days: 60, value: '100%', detail: '1 cliente su 1' });
    expect(returnShare({ days: 30, customers: 1500, returned: 0 }).detail).toBe('0 clienti su 1.500');
  });

  it('makes the months table in Italian, oldest first', () => {
    const rows = reportMonthRows(report());
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ month: '2026-01', label: 'gen 2026', spend: '0,00 €', visits: '0', redeemed: '0' });
    expect(rows[11]).toEqual({ month: '2026-12', label: 'dic 2026', spend: '1.234,50 €', visits: '2', redeemed: '1' });
  });

  it('has something to show once there is a sale or a reward redeemed', () => {
    const nothing = report({ visits: 0, months: months(Array(12).fill(0)).map((m) => ({ ...m, redeemed_rewards: 0 })) });
    expect(hasActivity(nothing)).toBe(false);
    expect(hasActivity({ ...nothing, months: nothing.months.map((m, k) => ({ ...m, redeemed_rewards: k === 3 ? 1 : 0 })) })).toBe(true);
    expect(hasActivity(report())).toBe(true);
  });
});
