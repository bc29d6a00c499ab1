/**
 * `POST /api/users` must not tell an admin that an e-mail belongs to someone of
 * another business. A known client gets this business's own card (the admin's data on it); a person who
 * already has a card here, a staff e-mail, an admin account: each a 409 that names no other business.
 */
import { TEAM_MESSAGES } from '../../src/features/team/messages';
import { MESSAGES } from '../../src/messages';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { OTHER_ADMIN, OTHER_BUSINESS_ID, twoShopsSessions, userAndCardCounts } from '../helpers/fixtures';

const SHOP_A = DEMO_BUSINESSES[0].id;
const SHOP_B = OTHER_BUSINESS_ID;
// Phones are stored and answered in E.164, so A's number is written so here: what B must never see.
const CUSTOMER_AT_A = { email: 'giorgio.riservato@example.it', full_name: 'Giorgio Riservato', phone: '+393332000002' };

describeEachDatabase('security: an admin creating a user whose e-mail is already known', (variant) => {
  let t: TestApp;
  let adminA: { authorization: string };
  let adminB: { authorization: string };
  let superAdmin: { authorization: string };
  let customerId: string;
  const create = (headers: { authorization: string }, payload: object) => t.app.inject({ method: 'POST', url: '/api/users', headers, payload });
  const counts = () => userAndCardCounts(t.app);

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    ({ adminA, adminB, superAdmin } = await twoShopsSessions(t.app));
    const created = await create(adminA, { ...CUSTOMER_AT_A, role: 'client', business_id: SHOP_A });
    expect(created.statusCode).toBe(201);
    customerId = created.json().id;
    await t.app.db.query(`UPDATE users SET created_at = '2020-01-02T03:04:05Z' WHERE id = $1`, [customerId]);
  });
  afterAll(() => t.close());

  it('gives a client known elsewhere this business’s own card, answering 201 with this business’s data only', async () => {
    const before = await counts();
    const response = await create(adminB, { email: 'Giorgio.Riservato@example.it', full_name: 'G. Cliente di B', phone: '+39 333 7000007', role: 'client', business_id: SHOP_B });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: customerId,
      email: CUSTOMER_AT_A.email,
      full_name: 'G. Cliente di B',
      role: 'client',
      phone: '+393337000007',
      created_at: expect.any(String),
      business_id: SHOP_B,
      card_id: expect.any(String),
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      message: 'Utente creato con successo',
    });
    expect(body.created_at.startsWith('2020')).toBe(false);
    for (const secret of [CUSTOMER_AT_A.full_name, CUSTOMER_AT_A.phone, SHOP_A]) expect(response.body).not.toContain(secret);
    expect(await counts()).toEqual({ users: before.users, cards: before.cards + 1 });

    const card = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${body.card_id}`, headers: adminB })).json();
    expect(card).toMatchObject({ business_id: SHOP_B, user_id: customerId, customer_name: 'G. Cliente di B', customer_phone: '+393337000007', email: CUSTOMER_AT_A.email });
    // The person and shop A's card are as they were.
    const { rows } = await t.app.db.query('SELECT full_name, phone, business_id FROM users WHERE id = $1', [customerId]);
    expect(rows[0]).toEqual({ full_name: CUSTOMER_AT_A.full_name, phone: CUSTOMER_AT_A.phone, business_id: SHOP_A });
    const { rows: cardsA } = await t.app.db.query('SELECT customer_name, customer_phone FROM loyalty_cards WHERE user_id = $1 AND business_id = $2', [customerId, SHOP_A]);
    expect(cardsA).toEqual([{ customer_name: CUSTOMER_AT_A.full_name, customer_phone: CUSTOMER_AT_A.phone }]);
  });

  it('answers 409 about this business only when the person already has a card here', async () => {
    const before = await counts();
    const response = await create(adminB, { email: CUSTOMER_AT_A.email, full_name: 'Ancora', role: 'client', business_id: SHOP_B });
    expect([response.statusCode, response.json()]).toEqual([409, { error: 'Questo cliente ha già una carta in questa attività' }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['another business’s admin', demoAccount('admin').email],
    ['the super admin', demoAccount('super_admin').email],
    ['this business’s own admin', OTHER_ADMIN.email],
  ])('refuses the e-mail of %s as a client with one neutral 409', async (_who, email) => {
    const before = await counts();
    const response = await create(adminB, { email, full_name: 'Staff', role: 'client', business_id: SHOP_B });
    expect([response.statusCode, response.json()]).toEqual([409, { error: 'Questa email non può essere usata per un cliente' }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a client of another business', CUSTOMER_AT_A.email],
    ['another business’s admin', demoAccount('admin').email],
    ['the super admin', demoAccount('super_admin').email],
  ])('gives an admin inviting a colleague with the e-mail of %s the same neutral 409 (decision 070)', async (_who, email) => {
    const before = await counts();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: adminB,
      payload: { email, full_name: 'Collega', role: 'admin', business_ids: [SHOP_B] },
    });
    expect([response.statusCode, response.json()]).toEqual([409, { error: TEAM_MESSAGES.emailHasAccount }]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an admin creating an admin directly, known e-mail or not, before reading it: a colleague is invited', async () => {
    const before = await counts();
    for (const email of [CUSTOMER_AT_A.email, demoAccount('super_admin').email, 'nessuno.ancora@example.it']) {
      const response = await create(adminB, { email, full_name: 'Collega', role: 'admin' });
      expect([response.statusCode, response.json()]).toEqual([400, { error: MESSAGES.colleagueByInvitation }]);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps telling the super admin that the e-mail is taken when it creates an admin', async () => {
    const response = await create(superAdmin, { email: CUSTOMER_AT_A.email, full_name: 'Admin', role: 'admin', password: 'Password123' });
    expect([response.statusCode, response.json()]).toEqual([409, { error: 'Esiste già un utente con questa email' }]);
  });
});
