import { DEMO_BUSINESSES } from '../src/seed/demo';
import { demoAccount, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, getAs, OTHER_ADMIN, OTHER_BUSINESS_ID, startTwoShops } from './helpers/fixtures';

describeEachDatabase('business', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await startTwoShops(variant, DEMO_BUSINESSES[1].id));
  });
  afterAll(() => t.close());

  const list = (account: { email: string; password: string }) =>
    getAs(t, '/api/business', account);

  describe('GET /api/business', () => {
    it('gives an admin its own businesses in creation order, in the shared Business shape', async () => {
      const response = await list(demoAccount('admin'));
      expect(response.statusCode).toBe(200);
      // Every field of the shape, the seeded shop's own as the demo seed wrote them.
      const { flags, cardCount: _cards, ...bar } = DEMO_BUSINESSES[0];
      expect(response.json()).toEqual([
        {
          ...bar,
          whatsapp_enabled: flags.whatsapp,
          sms_enabled: flags.sms,
          email_enabled: flags.email,
          bonus_threshold: 1000,
          loyalty_mode: 'points',
          brand_color: null,
        },
        expect.objectContaining({ id: DEMO_BUSINESSES[1].id, name: 'Profumeria Bella', whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 1 }),
      ]);
    });

    it('gives another admin only its own', async () => {
      expect((await list(OTHER_ADMIN)).json().map((b: { id: string }) => b.id)).toEqual([OTHER_BUSINESS_ID]);
    });

    it('gives the super admin every business', async () => {
      expect((await list(demoAccount('super_admin'))).json().map((b: { id: string }) => b.id)).toEqual([
        'default-business-id',
        DEMO_BUSINESSES[1].id,
        OTHER_BUSINESS_ID,
      ]);
    });

    it('gives a client the businesses where it holds a card', async () => {
      expect((await list(CLIENT)).json().map((b: { id: string }) => b.id)).toEqual([DEMO_BUSINESSES[1].id]);
    });

    it('answers 401 without a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/business' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Non autenticato' });
    });
  });

  describe('GET /api/business/:id (public)', () => {
    it('answers a list with only the public fields of the business', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/business/default-business-id' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ id: 'default-business-id', name: 'Bar Centrale', loyalty_mode: 'points', brand_color: null }]);
    });

    it('tells a stamp card, so the signup page says timbri', async () => {
      // With the shop's colour: the signup page's card image wears it.
      await t.app.db.query(`INSERT INTO businesses (id, name, loyalty_mode, brand_color) VALUES ('public-stamps-shop', 'Caffè dei Timbri', 'stamps', '#f5e6c8')`);
      const response = await t.app.inject({ method: 'GET', url: '/api/business/public-stamps-shop' });
      expect([response.statusCode, response.json()]).toEqual([200, [{ id: 'public-stamps-shop', name: 'Caffè dei Timbri', loyalty_mode: 'stamps', brand_color: '#f5e6c8' }]]);
    });

    it('answers an empty list for an unknown business', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/business/no-such-business' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  });
});
