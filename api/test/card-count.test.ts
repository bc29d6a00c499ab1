import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_BUSINESS_ID } from './helpers/fixtures';

/** businesses.card_count (migration 005) against a real count, for every business. */
describeEachDatabase('businesses.card_count', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  const bar = DEMO_BUSINESSES[0].id;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    await createOtherAdmin(t.app);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
  });
  afterAll(() => t.close());

  async function expectCountsRight(): Promise<Record<string, number>> {
    const { rows } = await t.app.db.query<{ id: string; card_count: number; real: number }>(
      'SELECT b.id, b.card_count, (SELECT count(*) FROM loyalty_cards c WHERE c.business_id = b.id) AS real FROM businesses b ORDER BY b.id',
    );
    for (const row of rows) expect({ id: row.id, count: row.card_count }).toEqual({ id: row.id, count: row.real });
    return Object.fromEntries(rows.map((r) => [r.id, r.card_count]));
  }
  const pageTotal = async (businessId = bar) =>
    (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${businessId}?limit=1`, headers: admin })).json().total;

  it('matches the cards of the seeded database, and is the unfiltered page total', async () => {
    const counts = await expectCountsRight();
    expect(counts[bar]).toBe(24);
    expect(await pageTotal()).toBe(24);
  });

  it('follows the public signup, an admin creating a client, and deleting a card', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      payload: { email: 'nuovo.cliente@example.it', full_name: 'Nuovo Cliente', phone: '+39 333 0000000', business_id: bar, privacy_ack: true },
    });
    expect(signup.statusCode).toBe(200);
    expect((await expectCountsRight())[bar]).toBe(25);
    expect(await pageTotal()).toBe(25);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { email: 'altro.cliente@example.it', full_name: 'Altro Cliente', business_id: bar },
    });
    expect(created.statusCode).toBe(201);
    expect((await expectCountsRight())[bar]).toBe(26);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/loyalty-cards/${signup.json().id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await expectCountsRight())[bar]).toBe(25);
    expect(await pageTotal()).toBe(25);
  });

  it('follows bulk inserts and deletes, a card moved to another business, and a truncate', async () => {
    await t.app.db.query(
      `INSERT INTO loyalty_cards (business_id, card_number, customer_name)
       SELECT CASE WHEN g % 2 = 0 THEN $1::text ELSE $2::text END, 'LC-B' || g, 'Bulk ' || g FROM generate_series(1, 300) g`,
      [bar, OTHER_BUSINESS_ID],
    );
    let counts = await expectCountsRight();
    expect([counts[bar], counts[OTHER_BUSINESS_ID]]).toEqual([175, 150]);
    await t.app.db.query(`UPDATE loyalty_cards SET business_id = $1::text WHERE card_number IN ('LC-B2', 'LC-B4')`, [OTHER_BUSINESS_ID]);
    counts = await expectCountsRight();
    expect([counts[bar], counts[OTHER_BUSINESS_ID]]).toEqual([173, 152]);
    await t.app.db.query("UPDATE loyalty_cards SET points = points + 1 WHERE card_number LIKE 'LC-B%'");
    await t.app.db.query("DELETE FROM loyalty_cards WHERE card_number LIKE 'LC-B%'");
    counts = await expectCountsRight();
    expect([counts[bar], counts[OTHER_BUSINESS_ID]]).toEqual([25, 0]);
    expect(await pageTotal()).toBe(25);
    await t.app.db.exec('TRUNCATE loyalty_cards CASCADE');
    counts = await expectCountsRight();
    expect(counts[bar]).toBe(0);
  });
});
