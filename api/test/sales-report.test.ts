/**
 * The overview's sales report (docs/decisions/079-sales-report.md): every figure from sales recorded through the
 * counter's route on the test's clock, with months in Italian time and customers returning after 29, 30, 31, 61 and
 * 91 days. Who may read it is in the authorization matrix; this checks the owner's, the super admin's and the figures.
 */
import { italianMonthStart, italianMonthStarts } from '../src/features/cards/sales-report';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createMember, STAFF } from './helpers/fixtures';
import { createCard } from './helpers/messaging';

type Headers = { authorization: string };

describe('Italian months', () => {
  it('begin at midnight in Rome, in winter and in summer time', () => {
    expect(italianMonthStart(2026, 0).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(italianMonthStart(2026, 3).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(italianMonthStart(2026, 10).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    // Months run over and under the year as Date.UTC's do.
    expect(italianMonthStart(2026, -1).toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(italianMonthStart(2026, 12).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('are the last 12 and the next one, by the Italian day of now', () => {
    // 31 December 23:30 in Rome is still December there; 00:30 on 1 January is January.
    const december = italianMonthStarts(new Date('2026-12-31T22:30:00Z'));
    expect([december.length, december[0].toISOString(), december[12].toISOString()]).toEqual([13, '2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z']);
    expect(italianMonthStarts(new Date('2026-12-31T23:30:00Z'))[0].toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });
});

describeEachDatabase('sales report of the overview', (variant) => {
  let t: TestApp;
  let owner: Headers;
  let superAdmin: Headers;
  let staff: Headers;
  let ownerId: string;
  let now = new Date('2026-06-01T08:00:00Z');
  let shops = 0;
  let keys = 0;

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { clock: () => now });
    owner = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    ownerId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
  });
  afterAll(() => t.close());

  async function newShop(program: object): Promise<string> {
    const id = `report-shop-${++shops}`;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id) VALUES ($1, $2, $3)`, [id, `Negozio Resoconto ${shops}`, ownerId]);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${id}/program`, headers: owner, payload: program });
    expect(saved.statusCode).toBe(200);
    return id;
  }
  /** A sale through the counter's route at instant `at` (the test's clock). */
  async function sale(card: string, at: string, amount?: string, confirm = false): Promise<void> {
    now = new Date(at);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/loyalty-cards/${card}/sales`,
      headers: { ...owner, 'idempotency-key': `resoconto-${variant.name}-${++keys}` },
      payload: { ...(amount === undefined ? {} : { amount }), ...(confirm ? { confirm } : {}) },
    });
    expect([at, response.statusCode]).toEqual([at, 200]);
  }
  const report = async (shop: string, headers: Headers = owner) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}/sales-report`, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];
  const month = (m: string, spend_cents: number, visits: number, redeemed_rewards = 0) => ({ month: m, spend_cents, visits, redeemed_rewards });
  const zeroMonths = (months = MONTHS) => months.map((m) => month(m, 0, 0));

  it('adds up a year of sales by Italian month, the returns at 29/30/31/61/91 days and the rewards redeemed', async () => {
    const shop = await newShop({ earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100 });
    const card = (name: string) => createCard(t.app, shop, { name, consent: false });
    const [a, b, c, d, e, f, g, h] = await Promise.all(['Anna', 'Bruno', 'Carla', 'Dario', 'Elena', 'Franco', 'Gina', 'Ugo'].map(card));
    // G: 23:30 on 31 December 2025 in Rome is before the period; 00:30 on 1 January 2026 is in January.
    await sale(g, '2025-12-31T22:30:00Z', '50.00');
    await sale(g, '2025-12-31T23:30:00Z', '3.00');
    // First visits on 1 June; A back after 29 days, B after 31, C after 61, D after 91, E never.
    for (const [cardId, amount] of [[a, '10.00'], [b, '15.50'], [c, '30.00'], [d, '8.00'], [e, '1.00']] as const) await sale(cardId, '2026-06-01T08:00:00Z', amount);
    await sale(a, '2026-06-30T08:00:00Z', '20.00');
    await sale(b, '2026-07-02T08:00:00Z', '4.50');
    await sale(c, '2026-08-01T08:00:00Z', '12.25');
    await sale(d, '2026-08-31T08:00:00Z', '100.00');
    // F: 00:30 on 1 October in Rome (summer time), 23:30 on 31 October (October: winter time), 00:30 on 1 November;
    // back after 30 days.
    await sale(f, '2026-09-30T22:30:00Z', '40.00');
    await sale(f, '2026-10-31T22:30:00Z', '5.00');
    await sale(f, '2026-10-31T23:30:00Z', '7.50');
    // This month: a sale and a reward redeemed.
    await sale(h, '2026-12-01T10:00:00Z', '23.50');
    const reward = await t.app.inject({ method: 'POST', url: '/api/rewards', headers: owner, payload: { businessId: shop, name: 'Caffè', cost: 10 } });
    now = new Date('2026-12-10T10:00:00Z');
    expect((await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${a}/redeem`, headers: owner, payload: { reward_id: reward.json().id } })).statusCode).toBe(200);
    // Manual points are not visits.
    expect((await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${e}/points`, headers: owner, payload: { points: 5, description: 'Regalo' } })).statusCode).toBe(200);

    now = new Date('2026-12-15T10:00:00Z');
    const expected = {
      spend_this_month_cents: 2350,
      visits_this_month: 1,
      redeemed_this_month: 1,
      months: [
        month('2026-01', 300, 1),
        month('2026-02', 0, 0),
        month('2026-03', 0, 0),
        month('2026-04', 0, 0),
        month('2026-05', 0, 0),
        month('2026-06', 1000 + 2000 + 1550 + 3000 + 800 + 100, 6),
        month('2026-07', 450, 1),
        month('2026-08', 1225 + 10000, 2),
        month('2026-09', 0, 0),
        month('2026-10', 4500, 2),
        month('2026-11', 750, 1),
        month('2026-12', 2350, 1, 1),
      ],
      visits: 14,
      // Every customer with a visit in the 12 months (G's first visit is before them).
      customers: 8,
      spend_cents: 28025,
      // 28 025 / 14 = 2 001,79 cents.
      average_spend_cents: 2002,
      visits_per_customer: 1.75,
      // First visit in the period and at least N days ago (H's, on 1 December, is not 30 days ago; F's, on 1 October,
      // is 75 days ago): back within 30 days A (29) and F (30); within 60 also B (31); within 90 also C (61), not D (91).
      returns: [
        { days: 30, customers: 6, returned: 2 },
        { days: 60, customers: 6, returned: 3 },
        { days: 90, customers: 5, returned: 3 },
      ],
    };
    expect(await report(shop)).toEqual(expected);
    expect(await report(shop, superAdmin)).toEqual(expected);

    // A new sale changes the answer at once (the read cache is checked against the ledger's marker).
    await sale(b, '2026-12-15T10:00:00Z', '1.50');
    expect(await report(shop)).toMatchObject({ spend_this_month_cents: 2500, visits_this_month: 2, visits: 15, customers: 8, spend_cents: 28175 });
    // On 1 January in Rome the period moves: January 2026 is out, January 2027 in.
    now = new Date('2026-12-31T23:30:00Z');
    const january = await report(shop);
    expect(january.months.map((m: { month: string }) => m.month)).toEqual([...MONTHS.slice(1), '2027-01']);
    expect(january).toMatchObject({ spend_this_month_cents: 0, visits: 14, customers: 7 });
  });

  it('keeps a card’s visit days right when a sale is dated before its first (a clock set back)', async () => {
    const shop = await newShop({ earning_rule: 'per_euro' });
    const card = await createCard(t.app, shop, { name: 'Orologio Indietro', consent: false });
    const days = async () => (await t.app.db.query('SELECT first_visit_on, return_visit_on, last_visit_on FROM loyalty_cards WHERE id = $1', [card])).rows[0];
    await sale(card, '2026-05-20T10:00:00Z', '1.00');
    expect(await days()).toEqual({ first_visit_on: '2026-05-20', return_visit_on: null, last_visit_on: '2026-05-20' });
    // The later sale looks like one of the last 60 s to a clock set back: confirmed.
    await sale(card, '2026-05-10T10:00:00Z', '1.00', true);
    expect(await days()).toEqual({ first_visit_on: '2026-05-10', return_visit_on: '2026-05-20', last_visit_on: '2026-05-20' });
    await sale(card, '2026-05-15T10:00:00Z', '1.00', true);
    expect(await days()).toEqual({ first_visit_on: '2026-05-10', return_visit_on: '2026-05-15', last_visit_on: '2026-05-20' });
    await sale(card, '2026-05-30T10:00:00Z', '1.00');
    expect(await days()).toEqual({ first_visit_on: '2026-05-10', return_visit_on: '2026-05-15', last_visit_on: '2026-05-30' });
  });

  it('answers zeros, and no average, for a shop without sales (manual points are not sales)', async () => {
    const shop = await newShop({ earning_rule: 'manual' });
    const card = await createCard(t.app, shop, { name: 'Solo Punti', consent: false });
    now = new Date('2026-03-10T09:00:00Z');
    expect((await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/points`, headers: owner, payload: { points: 50, description: 'Spesa' } })).statusCode).toBe(200);
    expect(await report(shop)).toEqual({
      spend_this_month_cents: 0,
      visits_this_month: 0,
      redeemed_this_month: 0,
      months: zeroMonths(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']),
      visits: 0,
      customers: 0,
      spend_cents: 0,
      average_spend_cents: null,
      visits_per_customer: null,
      returns: [
        { days: 30, customers: 0, returned: 0 },
        { days: 60, customers: 0, returned: 0 },
        { days: 90, customers: 0, returned: 0 },
      ],
    });
  });

  it('counts a per-visit shop’s visits without an amount out of the average spend', async () => {
    const shop = await newShop({ earning_rule: 'per_visit', visit_points: 1 });
    const card = await createCard(t.app, shop, { name: 'Visita Sola', consent: false });
    await sale(card, '2026-12-02T09:00:00Z');
    await sale(card, '2026-12-03T09:00:00Z');
    now = new Date('2026-12-15T10:00:00Z');
    expect(await report(shop)).toMatchObject({ visits_this_month: 2, spend_this_month_cents: 0, visits: 2, customers: 1, average_spend_cents: null, visits_per_customer: 2 });
  });

  it('is refused to the shop’s staff, and another shop looks missing', async () => {
    const shop = await newShop({ earning_rule: 'per_euro' });
    await createMember(t.app, shop, STAFF);
    staff = await authHeader(t.app, STAFF.email, STAFF.password);
    const refused = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}/sales-report`, headers: staff });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: '/api/loyalty-cards/business/nessun-negozio/sales-report', headers: owner });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
  });
});
