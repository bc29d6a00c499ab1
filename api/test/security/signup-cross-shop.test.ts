/**
 * A public signup must not read, overwrite or move another shop's customer.
 *
 * Shop A (Bar Centrale, the demo admin) has a customer; anyone may sign up at shop B (another admin's
 * business) with that customer's e-mail. B must then see only what B was told (its card), never the name,
 * phone or business A holds; a staff e-mail gets the neutral answer and no card.
 */
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { OTHER_BUSINESS_ID, twoShopsSessions, userAndCardCounts } from '../helpers/fixtures';

const SHOP_A = DEMO_BUSINESSES[0];
const SHOP_B = { id: OTHER_BUSINESS_ID, name: 'Libreria Altrove' };
const SIGNUP = '/api/users/loyalty-cards/create';
// Phones are stored and answered in E.164, so A's number is written so here: what B must never see.
const CUSTOMER_AT_A = { email: 'anna.segreta@example.it', full_name: 'Anna Segreta', phone: '+393331000001' };
const GIVEN_TO_B = { email: 'ANNA.SEGRETA@example.it', full_name: 'Nome Inventato', phone: '+39 333 9999999' };

interface ListedUser {
  id: string;
  email: string;
  full_name: string;
  role: string;
  phone: string | null;
  created_at: string;
  business_id: string | null;
  card_id: string | null;
}

describeEachDatabase('security: a public signup at shop B with shop A’s customer', (variant) => {
  let t: TestApp;
  let adminA: { authorization: string };
  let adminB: { authorization: string };
  let superAdmin: { authorization: string };
  let customerId: string;
  let ip = 0;
  const signup = (payload: object) =>
    t.app.inject({ method: 'POST', url: SIGNUP, remoteAddress: `10.1.0.${++ip}`, payload: { role: 'client', privacy_ack: true, ...payload } });
  const list = async (headers: { authorization: string }, businessId?: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/users${businessId ? `?business_id=${businessId}` : ''}`, headers })).json() as ListedUser[];
  const counts = () => userAndCardCounts(t.app);

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    ({ adminA, adminB, superAdmin } = await twoShopsSessions(t.app));
    const created = await signup({ ...CUSTOMER_AT_A, business_id: SHOP_A.id });
    expect(created.statusCode).toBe(200);
    customerId = created.json().user_id;
    // The person has been known for years: a list that showed the account's own date would give that away.
    await t.app.db.query(`UPDATE users SET created_at = '2020-01-02T03:04:05Z' WHERE id = $1`, [customerId]);
  });
  afterAll(() => t.close());

  it('gives B a card of its own and shows B only what B was told', async () => {
    const response = await signup({ ...GIVEN_TO_B, business_id: SHOP_B.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: expect.any(String), user_id: customerId, business_name: SHOP_B.name, card_number: expect.stringMatching(/^LC-\d{8}$/), points: 0, loyalty_mode: 'points', next_reward_cost: null, brand_color: null, my_card_url: 'http://localhost:3000/my-card' });

    const listed = await list(adminB, SHOP_B.id);
    const row = listed.find((u) => u.id === customerId);
    expect(row).toEqual({
      id: customerId,
      email: 'anna.segreta@example.it',
      full_name: 'Nome Inventato',
      role: 'client',
      phone: '+393339999999',
      created_at: expect.any(String),
      business_id: SHOP_B.id,
      card_id: response.json().id,
    });
    expect(row!.created_at.startsWith('2020')).toBe(false);
    const everythingBSees = JSON.stringify(listed);
    for (const secret of [CUSTOMER_AT_A.full_name, CUSTOMER_AT_A.phone, SHOP_A.id, '2020-01-02']) expect(everythingBSees).not.toContain(secret);

    // B's card list tells the same story.
    const cards = JSON.stringify((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${SHOP_B.id}`, headers: adminB })).json());
    expect(cards).toContain('Nome Inventato');
    for (const secret of [CUSTOMER_AT_A.full_name, CUSTOMER_AT_A.phone]) expect(cards).not.toContain(secret);
  });

  it('changes nothing of the person nor of shop A’s record', async () => {
    const { rows } = await t.app.db.query('SELECT full_name, phone, business_id, role FROM users WHERE id = $1', [customerId]);
    expect(rows[0]).toEqual({ full_name: CUSTOMER_AT_A.full_name, phone: CUSTOMER_AT_A.phone, business_id: SHOP_A.id, role: 'client' });
    const atA = (await list(adminA, SHOP_A.id)).find((u) => u.id === customerId);
    expect(atA).toMatchObject({ full_name: CUSTOMER_AT_A.full_name, phone: CUSTOMER_AT_A.phone, business_id: SHOP_A.id });
    expect(JSON.stringify(await list(adminA, SHOP_A.id))).not.toContain('Nome Inventato');
  });

  it('keeps the super admin’s unfiltered list as it was (the accounts themselves)', async () => {
    expect((await list(superAdmin)).find((u) => u.id === customerId)).toMatchObject({
      full_name: CUSTOMER_AT_A.full_name,
      phone: CUSTOMER_AT_A.phone,
      business_id: SHOP_A.id,
      created_at: '2020-01-02T03:04:05.000Z',
    });
    // Filtered by a business, the super admin sees that business's record, like its admin.
    expect((await list(superAdmin, SHOP_B.id)).find((u) => u.id === customerId)).toMatchObject({ full_name: 'Nome Inventato', business_id: SHOP_B.id });
  });

  it.each([
    ['an admin', demoAccount('admin').email],
    ['the super admin', demoAccount('super_admin').email],
  ])('answers neutrally for the e-mail of %s, creating no card and revealing no role', async (_who, email) => {
    const before = await counts();
    const jobsBefore = (await t.app.db.query<{ n: number }>('SELECT count(*) AS n FROM messaging_jobs')).rows[0].n;
    const response = await signup({ email, full_name: 'Chiunque', phone: '+39 333 5550000', business_id: SHOP_B.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'resent', business_name: SHOP_B.name, message: expect.stringContaining('inviato di nuovo'), my_card_url: 'http://localhost:3000/my-card' });
    expect(await counts()).toEqual(before);
    expect((await t.app.db.query<{ n: number }>('SELECT count(*) AS n FROM messaging_jobs')).rows[0].n).toBe(jobsBefore);
    const seenByB = await list(adminB, SHOP_B.id);
    expect(seenByB.some((u) => u.email === email)).toBe(false);
    expect(seenByB.every((u) => u.role === 'client')).toBe(true);
  });
});
