import { DEMO_ACCOUNTS, DEMO_BUSINESSES, seedDemoData } from '../src/seed/demo';
import { ensureSuperAdmin } from '../src/seed/super-admin';
import { login, startTestApp, type TestApp } from './helpers/app';
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
