import { saleEarning } from '../src/features/rewards/earning';
import { DEMO_ACCOUNTS, DEMO_BUSINESSES, DEMO_PROMOTION, DEMO_STAFF_BUSINESS, seedDemoData } from '../src/seed/demo';
import { ensureSuperAdmin } from '../src/seed/super-admin';
import { authHeader, demoAccount, login, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

const DAY_MS = 86_400_000;

describeEachDatabase('demo seed', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
  });
  afterAll(() => t.close());

  const rows = async <T extends object>(sql: string, params: unknown[] = []) => (await t.app.db.query<T>(sql, params)).rows;

  it('creates the demo accounts, which can log in', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await login(t.app, account.email, account.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: account.email, role: account.role });
    }
  });

  it("creates Bar Centrale's cashier: staff there, at the counter only, and nowhere else", async () => {
    const staff = DEMO_ACCOUNTS.find((a) => a.role === 'staff')!;
    const headers = await authHeader(t.app, staff.email, staff.password);
    const businesses = await t.app.inject({ method: 'GET', url: '/api/business', headers });
    expect([businesses.statusCode, businesses.json().map((b: { id: string }) => b.id)]).toEqual([200, [DEMO_STAFF_BUSINESS]]);
    const cards = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${DEMO_STAFF_BUSINESS}`, headers });
    expect(cards.statusCode).toBe(200);
    // The owner's other shop is not the cashier's, and managing Bar Centrale (its overview's report) is the owner's.
    expect((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${DEMO_BUSINESSES[1].id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${DEMO_STAFF_BUSINESS}/sales-report`, headers })).statusCode).toBe(403);
  });

  it('creates the two businesses owned by the demo admin, Bar Centrale first', async () => {
    const businesses = await rows(
      `SELECT b.id, b.name, b.whatsapp_enabled, b.sms_enabled, b.email_enabled, u.email AS owner
         FROM businesses b JOIN users u ON u.id = b.owner_id ORDER BY b.created_at`,
    );
    expect(businesses).toEqual([
      { id: 'default-business-id', name: 'Bar Centrale', whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0, owner: 'admin@demo.it' },
      { id: DEMO_BUSINESSES[1].id, name: 'Profumeria Bella', whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 1, owner: 'admin@demo.it' },
    ]);
  });

  it('creates about 40 cards covering every points bucket, each held by a client', async () => {
    const cards = await rows<{ business_id: string; card_number: string; points: number; customer_phone: string; role: string; holder_email: string; email: string }>(
      `SELECT c.business_id, c.card_number, c.points, c.customer_phone, c.email, u.role, u.email AS holder_email
         FROM loyalty_cards c JOIN users u ON u.id = c.user_id`,
    );
    expect(cards).toHaveLength(40);
    expect(cards.filter((c) => c.business_id === 'default-business-id')).toHaveLength(24);
    for (const card of cards) {
      expect(card.card_number).toMatch(/^LC-\d{8}$/);
      expect(card.customer_phone).toMatch(/^\+393\d{8,9}$/);
      expect(card).toMatchObject({ role: 'client', holder_email: card.email });
    }
    const points = cards.map((c) => c.points);
    expect(points.some((p) => p === 0)).toBe(true);
    expect(points.some((p) => p > 0 && p <= 50)).toBe(true);
    expect(points.some((p) => p > 50 && p <= 100)).toBe(true);
    expect(points.some((p) => p > 100)).toBe(true);
    expect(points.some((p) => p >= 1000)).toBe(true);
  });

  it('spreads the cards over the last 6 months', async () => {
    const cards = await rows<{ created_at: string }>('SELECT created_at FROM loyalty_cards');
    const now = Date.now();
    const months = new Set(cards.map((c) => c.created_at.slice(0, 7)));
    for (const c of cards) {
      const age = now - Date.parse(c.created_at);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(182 * DAY_MS);
    }
    expect(months.size).toBeGreaterThanOrEqual(5);
  });

  it('gives every card a ledger that adds up to its balance', async () => {
    const mismatches = await rows(
      `SELECT c.id, c.points, coalesce(sum(l.points), 0) AS total, count(l.id) AS entries
         FROM loyalty_cards c LEFT JOIN points_ledger l ON l.card_id = c.id
        GROUP BY c.id HAVING count(l.id) = 0 OR coalesce(sum(l.points), 0) <> c.points`,
    );
    expect(mismatches).toEqual([]);
  });

  it('gives Bar Centrale «1 punto ogni 1 €», double points on Tuesdays, and its points from sales as the counter records them', async () => {
    const [bar] = DEMO_BUSINESSES;
    const terms = (await t.app.repos.rewards.earningTerms(bar.id))!;
    expect(terms.program).toMatchObject({ earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null });
    expect(terms.promotions).toEqual([expect.objectContaining({ id: DEMO_PROMOTION.id, name: 'Doppi punti il martedì', multiplier: 2, weekdays: [2], active: true })]);
    expect((await t.app.repos.rewards.earningTerms(DEMO_BUSINESSES[1].id))!.program.earning_rule).toBe('manual');

    const sales = await rows<{
      business_id: string; points: number; kind: string; description: string; amount_cents: number; earning: object; balance_after: number;
      idempotency_key: string; author: string; created_at: Date; balance_then: number;
    }>(
      `SELECT c.business_id, l.points, l.kind, l.description, l.amount_cents, l.earning, l.balance_after, l.idempotency_key, u.email AS author, l.created_at,
              (SELECT sum(p.points) FROM points_ledger p WHERE p.card_id = l.card_id AND (p.created_at, p.id) <= (l.created_at, l.id)) AS balance_then
         FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id LEFT JOIN users u ON u.id = l.author_id
        WHERE l.earning IS NOT NULL`,
    );
    expect(sales.length).toBeGreaterThan(150);
    expect(new Set(sales.map((s) => s.idempotency_key)).size).toBe(sales.length);
    let tuesdays = 0;
    for (const sale of sales) {
      // What the sale route computes for that amount at that instant, with the rule kept beside it.
      const earning = saleEarning(terms.program, terms.promotions, sale.amount_cents, new Date(sale.created_at));
      if (earning.multiplier === 2) tuesdays += 1;
      expect(sale).toMatchObject({ business_id: bar.id, kind: 'credit', author: 'admin@demo.it', points: earning.points, balance_after: Number(sale.balance_then) });
      expect(sale.earning).toEqual({ rule: { kind: 'per_euro', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null }, ...earning });
      expect(sale.description).toBe(`Vendita di ${(sale.amount_cents / 100).toFixed(2).replace('.', ',')} €${earning.promotions.length > 0 ? ' · Doppi punti il martedì' : ''}`);
    }
    // Cents in the amounts, and the promotion on some sales only.
    expect(sales.filter((s) => s.amount_cents % 100 !== 0).length).toBeGreaterThan(sales.length / 2);
    expect(tuesdays).toBeGreaterThan(0);
    expect(tuesdays).toBeLessThan(sales.length / 2);

    // The cards' visit days are those of their sales, as the sale's card update keeps them.
    const wrongDays = await rows(
      `SELECT c.id FROM loyalty_cards c
         LEFT JOIN LATERAL (SELECT min((l.created_at AT TIME ZONE 'Europe/Rome')::date) AS first_day, max((l.created_at AT TIME ZONE 'Europe/Rome')::date) AS last_day
                              FROM points_ledger l WHERE l.card_id = c.id AND l.earning IS NOT NULL) v ON true
        WHERE c.first_visit_on IS DISTINCT FROM v.first_day OR c.last_visit_on IS DISTINCT FROM v.last_day`,
    );
    expect(wrongDays).toEqual([]);
  });

  it('fills the overview’s sales report of Bar Centrale: spend per month, average spend, visits per customer, returns', async () => {
    const admin = demoAccount('admin');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/loyalty-cards/business/${DEMO_BUSINESSES[0].id}/sales-report`,
      headers: await authHeader(t.app, admin.email, admin.password),
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    const [{ spend, visits, customers }] = await rows<{ spend: number; visits: number; customers: number }>(
      `SELECT sum(l.amount_cents)::int AS spend, count(*)::int AS visits, count(DISTINCT l.card_id)::int AS customers
         FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id WHERE c.business_id = $1 AND l.earning IS NOT NULL`,
      [DEMO_BUSINESSES[0].id],
    );
    expect(report).toMatchObject({ spend_cents: spend, visits, customers, average_spend_cents: Math.round(spend / visits) });
    expect(customers).toBeGreaterThanOrEqual(15);
    expect(report.visits_per_customer).toBeGreaterThan(3);
    expect(report.months.filter((m: { spend_cents: number }) => m.spend_cents > 0).length).toBeGreaterThanOrEqual(5);
    expect(report.months.at(-1).spend_cents).toBe(report.spend_this_month_cents);
    for (const r of report.returns) {
      expect(r.customers).toBeGreaterThan(0);
      expect(r.returned).toBeGreaterThan(0);
    }
  });

  it('creates 3 campaigns with different statuses and recipients', async () => {
    const campaigns = await rows<{ status: string; recipients: { customer_phone: string; email: string }[]; targets: string[]; channels: string[] }>(
      'SELECT status, recipients, targets, channels FROM campaigns',
    );
    expect(campaigns).toHaveLength(3);
    expect(new Set(campaigns.map((c) => c.status)).size).toBe(3);
    for (const campaign of campaigns) {
      expect(campaign.recipients.length).toBeGreaterThan(0);
      expect(campaign.recipients.length).toBe(campaign.targets.length);
      expect(campaign.recipients[0]).toEqual(expect.objectContaining({ customer_phone: expect.any(String), email: expect.any(String) }));
      expect(campaign.channels.length).toBeGreaterThan(0);
    }
  });

  it('does nothing when run again', async () => {
    const before = await rows<{ n: number }>('SELECT count(*) AS n FROM users');
    expect(await seedDemoData(t.app.db, async () => 'unused')).toBe(false);
    expect(await rows('SELECT count(*) AS n FROM users')).toEqual(before);
  });
});

describeEachDatabase('start-up data', (variant) => {
  const superAdmin = { email: 'capo@example.it', password: 'Capo-2026!' };

  it('seeds an empty embedded database automatically and bootstraps the super admin', async () => {
    const t = await startTestApp(variant, { seedDemo: 'auto', superAdmin });
    try {
      expect((await t.app.db.query('SELECT 1 FROM businesses WHERE id = $1', ['default-business-id'])).rows).toHaveLength(1);
      const response = await login(t.app, 'Capo@Example.it', superAdmin.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: 'capo@example.it', role: 'super_admin' });
    } finally {
      await t.close();
    }
  });

  it('leaves an existing super admin alone and seeds nothing when not asked to', async () => {
    const t = await startTestApp(variant, { seedDemo: false, superAdmin });
    try {
      expect(await ensureSuperAdmin(t.app.repos.users, t.app.passwords, { email: superAdmin.email, password: 'another-password' })).toBe(false);
      expect((await login(t.app, superAdmin.email, superAdmin.password)).statusCode).toBe(200);
      expect((await t.app.db.query('SELECT 1 FROM businesses')).rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
