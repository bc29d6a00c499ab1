import { DEMO_BUSINESSES } from '../src/seed/demo';
import { demoAccount, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, getAs, OTHER_ADMIN, OTHER_BUSINESS_ID, startTwoShops } from './helpers/fixtures';

const NOT_FOUND = { error: 'Azienda non trovata' };

describeEachDatabase('GET /api/loyalty-cards/business/:id', (variant) => {
  let t: TestApp;
  let clientCardId: string;
  beforeAll(async () => {
    ({ t, clientCardId } = await startTwoShops(variant, DEMO_BUSINESSES[1].id));
  });
  afterAll(() => t.close());

  const cards = (businessId: string, account?: { email: string; password: string }) =>
    getAs(t, `/api/loyalty-cards/business/${businessId}`, account);

  it('lists the cards of an own business, newest first, with the aliases older clients read', async () => {
    const response = await cards('default-business-id', demoAccount('admin'));
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(24);
    const createdAt = list.map((c: { created_at: string }) => c.created_at);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    for (const card of list) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'id', 'business_id', 'user_id', 'card_number', 'customer_name', 'customer_phone', 'email', 'birth_date', 'points', 'created_at',
          'bonus_due', 'last_bonus_at', 'marketing_channels', 'marketing_consent', 'customername', 'customerphone', 'customeremail', 'birthdate', 'createdat',
          'expiring_points', 'expiring_on',
        ].sort(),
      );
      // Decision 025: the channels agreed to, in one order; the flag says whether there is any.
      expect(card.marketing_consent).toBe(card.marketing_channels.length > 0);
      expect(['whatsapp', 'sms', 'email'].filter((c) => card.marketing_channels.includes(c))).toEqual(card.marketing_channels);
      expect(card).toMatchObject({
        business_id: 'default-business-id',
        customername: card.customer_name,
        customerphone: card.customer_phone,
        customeremail: card.email,
        birthdate: card.birth_date,
        createdat: card.created_at,
      });
      expect(typeof card.points).toBe('number');
      // The seed's balances bring their multiples recorded, not announced.
      expect(card).toMatchObject({ bonus_due: false, last_bonus_at: null });
      if (card.birth_date !== null) expect(card.birth_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    // The demo mixes channels: some customers agreed to one channel only, some to none.
    const sets = new Set(list.map((c: { marketing_channels: string[] }) => c.marketing_channels.join(',')));
    expect(sets).toContain('');
    expect(sets.size).toBeGreaterThanOrEqual(4);
  });

  it('sends decimal points as a JSON number', async () => {
    const response = await cards(DEMO_BUSINESSES[1].id, demoAccount('admin'));
    expect(response.body).toContain('"points":25.5');
    expect(response.json().find((c: { id: string }) => c.id === clientCardId)).toMatchObject({ points: 25.5, card_number: 'LC-99999999' });
  });

  it('lets the super admin read any business', async () => {
    expect((await cards(OTHER_BUSINESS_ID, demoAccount('super_admin'))).json()).toEqual([]);
    expect((await cards('default-business-id', demoAccount('super_admin'))).json()).toHaveLength(24);
  });

  it('answers 404 to an admin for another admin’s business and for an unknown one alike', async () => {
    for (const [businessId, account] of [
      [OTHER_BUSINESS_ID, demoAccount('admin')],
      ['default-business-id', OTHER_ADMIN],
      ['no-such-business', demoAccount('admin')],
      ['no-such-business', demoAccount('super_admin')],
    ] as const) {
      const response = await cards(businessId, account);
      expect([businessId, account.email, response.statusCode, response.json()]).toEqual([businessId, account.email, 404, NOT_FOUND]);
    }
  });

  it('answers 403 to a client and 401 without a session', async () => {
    const asClient = await cards(DEMO_BUSINESSES[1].id, CLIENT);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ error: 'Accesso negato' });
    const anonymous = await cards('default-business-id');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Non autenticato' });
  });
});
