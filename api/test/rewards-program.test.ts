/**
 * The program of a business (points or stamps, expiry, birthday gift), stamp mode's whole numbers,
 * and what cards and the overview show of it: points expiring in 30 days, points outstanding, rewards
 * redeemed per month. The clock is the test's: ledger rows are dated by it.
 */
import { authHeader, createUser, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { OTHER_ADMIN, createOtherAdmin } from './helpers/fixtures';
import { createCard } from './helpers/messaging';

type Headers = { authorization: string };
const DAY = 86_400_000;

describeEachDatabase('rewards program, stamps and what the screens show', (variant) => {
  let t: TestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let adminId: string;
  let shops = 0;
  // A day ahead of the database's own now(), so lots dated by the clock are never before `expiry_since`.
  let now = new Date(Date.now() + DAY);

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { clock: () => now });
    await createOtherAdmin(t.app);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    adminId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
  });
  afterAll(() => t.close());

  async function newShop(): Promise<string> {
    const id = `program-shop-${++shops}`;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled) VALUES ($1, $2, $3, 1)`, [id, `Forno N. ${shops}`, adminId]);
    return id;
  }
  const program = (shop: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url: `/api/rewards/business/${shop}/program`, headers });
  const putProgram = (shop: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/rewards/business/${shop}/program`, headers, payload });
  const addPoints = (card: string, points: number) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/points`, headers: admin, payload: { points, description: 'Spesa' } });
  const newCard = (shop: string) => createCard(t.app, shop, { name: 'Paolo Neri', phone: '+393339876543', consent: false });

  describe('program', () => {
    it('answers the defaults and saves any subset', async () => {
      const shop = await newShop();
      // The earning rule (decision 075): manual, as every shop had it before.
      const rule = { earning_rule: 'manual', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null, visit_points: 1, visit_once_per_day: true };
      expect((await program(shop)).json()).toEqual({ loyalty_mode: 'points', expiry_months: null, expiry_reminder_days: 14, birthday_points: 0, birthday_message: null, ...rule });
      const saved = await putProgram(shop, { expiry_months: 12, birthday_points: 50, birthday_message: 'Auguri {nome} da {negozio}: {punti} punti!' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        loyalty_mode: 'points',
        expiry_months: 12,
        expiry_reminder_days: 14,
        birthday_points: 50,
        birthday_message: 'Auguri {nome} da {negozio}: {punti} punti!',
        ...rule,
      });
      expect((await putProgram(shop, { expiry_months: null, birthday_message: '' })).json()).toMatchObject({ expiry_months: null, birthday_message: null, birthday_points: 50 });
      expect((await putProgram(shop, {}, otherAdmin)).statusCode).toBe(404);
    });

    it.each([
      [{ loyalty_mode: 'timbri' }, 'Modalità non valida: scegli tra punti e timbri'],
      [{ expiry_months: 0 }, 'La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120'],
      [{ expiry_months: 121 }, 'La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120'],
      [{ expiry_months: 1.5 }, 'La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120'],
      [{ expiry_reminder_days: 0 }, 'Il preavviso deve essere un numero intero di giorni tra 1 e 90'],
      [{ birthday_points: -1 }, 'I punti di compleanno devono essere un numero intero tra 0 e 100.000'],
      [{ birthday_message: 'Auguri {cliente}' }, 'Il messaggio di compleanno può usare solo {nome}, {punti} e {negozio}'],
    ])('refuses %j with an Italian 400, changing nothing', async (payload, error) => {
      const shop = await newShop();
      const response = await putProgram(shop, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error }]);
      expect((await program(shop)).json()).toMatchObject({ loyalty_mode: 'points', expiry_months: null, expiry_reminder_days: 14, birthday_points: 0 });
    });
  });

  describe('stamps', () => {
    it('refuses the switch while a card holds a fractional balance, and shows the mode on the business', async () => {
      const shop = await newShop();
      const card = await newCard(shop);
      expect((await addPoints(card, 2.5)).statusCode).toBe(200);
      const refused = await putProgram(shop, { loyalty_mode: 'stamps' });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'Non puoi passare ai timbri: alcune carte hanno un saldo con decimali. Arrotonda prima quei saldi.' }]);
      expect((await program(shop)).json().loyalty_mode).toBe('points');
      expect((await addPoints(card, 0.5)).statusCode).toBe(200);
      expect((await putProgram(shop, { loyalty_mode: 'stamps' })).json().loyalty_mode).toBe('stamps');
      const businesses = (await t.app.inject({ method: 'GET', url: '/api/business', headers: admin })).json();
      expect(businesses.find((b: { id: string }) => b.id === shop).loyalty_mode).toBe('stamps');
    });

    it('takes whole stamps only: fractional or negative stamps are refused in Italian, nothing written', async () => {
      const shop = await newShop();
      await putProgram(shop, { loyalty_mode: 'stamps' });
      const card = await newCard(shop);
      expect((await addPoints(card, 3)).json()).toMatchObject({ points: 3, entry: { kind: 'credit' } });
      for (const points of [1.5, -1, 0.01]) {
        const response = await addPoints(card, points);
        expect([points, response.statusCode, response.json()]).toEqual([points, 400, { error: 'In modalità timbri puoi aggiungere solo timbri interi (almeno 1)' }]);
      }
      // The QR page's scan likewise.
      const holder = await createUser(t.app, { email: `timbri.${shops}@test.it`, role: 'client', business_id: shop });
      await t.app.db.query('UPDATE loyalty_cards SET user_id = $2 WHERE id = $1', [card, holder.id]);
      const scan = (points: number) => t.app.inject({ method: 'POST', url: '/api/qrcode/scan', headers: admin, payload: { card_id: card, user_id: holder.id, points } });
      expect((await scan(1.5)).json()).toEqual({ error: 'In modalità timbri puoi aggiungere solo timbri interi (almeno 1)' });
      const ledger = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/ledger`, headers: admin })).json();
      expect(ledger).toHaveLength(1);
      expect((await scan(2)).json()).toMatchObject({ points: 5 });
      expect((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}`, headers: admin })).json().points).toBe(5);
    });
  });

  describe('cards and overview', () => {
    it('answers the overview and the card page anew after a program change (the read cache’s marker moves)', async () => {
      const shop = await newShop();
      const stats = async () => (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}/stats`, headers: admin })).json();
      expect((await stats()).loyalty_mode).toBe('points');
      expect((await stats()).loyalty_mode).toBe('points'); // now from the cache
      await putProgram(shop, { loyalty_mode: 'stamps' });
      expect((await stats()).loyalty_mode).toBe('stamps');
    });

    it('shows the points expiring within 30 days on the card, the list and the overview, and the redemptions per month', async () => {
      const shop = await newShop();
      now = new Date(now.getTime() + DAY);
      await putProgram(shop, { expiry_months: 2 });
      const card = await newCard(shop);
      const start = now;
      expect((await addPoints(card, 40)).statusCode).toBe(200); // lot 1, expires start + 2 months
      now = new Date(start.getTime() + 20 * DAY);
      expect((await addPoints(card, 25)).statusCode).toBe(200); // lot 2, 20 days later
      const { id: rewardId } = (await t.app.inject({ method: 'POST', url: '/api/rewards', headers: admin, payload: { businessId: shop, name: 'Pane', cost: 15 } })).json();
      expect((await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/redeem`, headers: admin, payload: { reward_id: rewardId } })).statusCode).toBe(200);

      const cardNow = async () => (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}`, headers: admin })).json();
      // Nothing within 30 days yet.
      expect(await cardNow()).toMatchObject({ points: 50, expiring_points: 0, expiring_on: null });

      // 40 days after the first lot: it expires in ~21 days, 25 of its 40 points are left (the redemption took the oldest first).
      now = new Date(start.getTime() + 40 * DAY);
      const { rows } = await t.app.db.query<{ expires_at: string }>('SELECT expires_at FROM loyalty_card_lots($1) ORDER BY lot_id LIMIT 1', [card]);
      const firstDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(rows[0].expires_at));
      expect(await cardNow()).toMatchObject({ points: 50, expiring_points: 25, expiring_on: firstDay });
      const page = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}?limit=10`, headers: admin })).json();
      expect(page.items[0]).toMatchObject({ id: card, expiring_points: 25, expiring_on: firstDay });
      const full = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}`, headers: admin })).json();
      expect(full[0]).toMatchObject({ expiring_points: 25, expiring_on: firstDay });

      const stats = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}/stats`, headers: admin })).json();
      expect(stats).toMatchObject({ points_outstanding: 50, total_points: 50, expiring_points_30d: 25, loyalty_mode: 'points' });
      const redeemedMonth = new Date(start.getTime() + 20 * DAY).toISOString().slice(0, 7);
      expect(stats.months.find((m: { month: string }) => m.month === redeemedMonth).redeemed_rewards).toBe(1);
      expect(stats.months.reduce((n: number, m: { redeemed_rewards: number }) => n + m.redeemed_rewards, 0)).toBe(1);

      // Both lots inside the window.
      now = new Date(start.getTime() + 65 * DAY);
      expect((await cardNow()).expiring_points).toBe(50);
      // Without a policy nothing expires.
      await putProgram(shop, { expiry_months: null });
      expect(await cardNow()).toMatchObject({ expiring_points: 0, expiring_on: null });
    });
  });
});
