import { REVENUE_SAMPLE, monthlyExtraEarnings } from '../revenueSample';

it('is the fixed January–June sample', () => {
  expect(REVENUE_SAMPLE.map((row) => row.month)).toEqual(['Gen', 'Feb', 'Mar', 'Apr', 'Mag', 'Giu']);
  expect(REVENUE_SAMPLE[0]).toMatchObject({ revenue: 12000, projected: 15000 });
  expect(REVENUE_SAMPLE[5]).toMatchObject({ revenue: 25000, projected: 30000 });
});

it('computes each month’s earnings above the first month', () => {
  expect(monthlyExtraEarnings(REVENUE_SAMPLE).map((row) => row.extra)).toEqual([0, 2500, 5000, 7500, 10000, 13000]);
  expect(monthlyExtraEarnings([])).toEqual([]);
});
