import { REVENUE_SAMPLE, formatEuro, monthlyExtraEarnings } from '../revenueSample';

it('is the fixed January–June sample of SPEC §9', () => {
  expect(REVENUE_SAMPLE.map((row) => row.month)).toEqual(['Gen', 'Feb', 'Mar', 'Apr', 'Mag', 'Giu']);
  expect(REVENUE_SAMPLE[0]).toMatchObject({ revenue: 12000, projected: 15000 });
  expect(REVENUE_SAMPLE[5]).toMatchObject({ revenue: 25000, projected: 30000 });
});

it('computes each month’s earnings above the first month', () => {
  expect(monthlyExtraEarnings(REVENUE_SAMPLE).map((row) => row.extra)).toEqual([0, 2500, 5000, 7500, 10000, 13000]);
  expect(monthlyExtraEarnings([])).toEqual([]);
});

it('writes whole euros exactly as Italian Intl.NumberFormat does', () => {
  const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const amounts = [0, 1, 5, 999, 1000, 2500, 9999, 10000, 12000, 99999, 100000, 123456, 1234567, 1e9, 2.5, 2.4, 1499.5, -1, -2500, -12000, -2.5];
  for (let n = 0; n < 200; n++) amounts.push(Math.round(Math.pow(10, n / 25)) + n);
  for (const amount of amounts) expect(formatEuro(amount)).toBe(intl.format(amount));
});
