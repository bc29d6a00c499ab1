import { MESSAGES } from '../src/messages';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

const URL = '/api/users/loyalty-cards/create';
const BUSINESS = DEMO_BUSINESSES[0];
const valid = {
  email: 'Nuova.Cliente@Example.IT',
  full_name: 'Nuova Cliente',
  role: 'client',
  phone: '+39 333 1234567',
  business_id: BUSINESS.id,
  privacy_ack: true,
};

describeEachDatabase('POST /api/users/loyalty-cards/create (public signup)', (variant) => {
  let t: TestApp;
  /** The app's clock (the day rewards are valid on); undefined: the real time. */
  let now: Date | undefined;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, signupRateLimitPerMinute: 5 }, { clock: () => now ?? new Date() });
  });
  afterAll(() => t.close());

  // Each call comes from its own address so the per-IP limit only bites in the test about it.
  let ip = 0;
  const signup = (payload: unknown, remoteAddress = `10.0.0.${++ip}`) => t.app.inject({ method: 'POST', url: URL, payload: payload as object, remoteAddress });
  const counts = async () =>
    (
      await t.app.db.query<{ users: number; cards: number }>(
        'SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM loyalty_cards) AS cards',
      )
    ).rows[0];

  it('creates the client and its card without a session, and answers id, user_id, business_name', async () => {
    const before = await counts();
    const response = await signup({ ...valid, marketing_consent: true });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      user_id: expect.any(String),
      business_name: BUSINESS.name,
      card_number: expect.stringMatching(/^LC-\d{8}$/),
      points: 0,
      loyalty_mode: 'points',
      next_reward_cost: null,
      brand_color: null,
      // Decision 051: the customer's page.
      my_card_url: 'http://localhost:3000/my-card',
    });
    expect(await counts()).toEqual({ users: before.users + 1, cards: before.cards + 1 });
    const { rows } = await t.app.db.query(
      `SELECT u.email, u.role, u.password_hash, u.business_id, c.customer_name, c.customer_phone, c.email AS card_email, c.points, c.privacy_ack, c.marketing_consent,
              c.marketing_channels
         FROM loyalty_cards c JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
      [body.id],
    );
    expect(rows[0]).toEqual({
      email: 'nuova.cliente@example.it',
      role: 'client',
      password_hash: null,
      business_id: BUSINESS.id,
      customer_name: 'Nuova Cliente',
      // Stored in E.164.
      customer_phone: '+393331234567',
      card_email: 'nuova.cliente@example.it',
      points: 0,
      privacy_ack: true,
      // The old single checkbox ("offers and news", no channel named): every channel (decision 025).
      marketing_consent: true,
      marketing_channels: ['whatsapp', 'sms', 'email'],
    });
  });

  it('gives the same card back when the same e-mail and phone sign up again at the same business', async () => {
    const first = (await signup({ ...valid, email: 'due.volte@example.it' })).json();
    const before = await counts();
    const again = await signup({ ...valid, email: 'DUE.VOLTE@example.it', full_name: 'Altro Nome' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await counts()).toEqual(before);
  });

  it('gives the same person a second card at another business, under the same user', async () => {
    const first = (await signup({ ...valid, email: 'due.negozi@example.it' })).json();
    const other = (await signup({ ...valid, email: 'due.negozi@example.it', business_id: DEMO_BUSINESSES[1].id })).json();
    expect(other.user_id).toBe(first.user_id);
    expect(other.id).not.toBe(first.id);
    expect(other.business_name).toBe(DEMO_BUSINESSES[1].name);
  });

  it('creates one card when the same signup arrives twice at once', async () => {
    const before = await counts();
    const answers = await Promise.all([1, 2, 3].map(() => signup({ ...valid, email: 'insieme@example.it' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await counts()).toEqual({ users: before.users + 1, cards: before.cards + 1 });
  });

  it('stores marketing_consent false by default', async () => {
    const { id } = (await signup({ ...valid, email: 'senza.consenso@example.it' })).json();
    const { rows } = await t.app.db.query('SELECT marketing_consent, marketing_channels FROM loyalty_cards WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ marketing_consent: false, marketing_channels: [] });
  });

  describe('marketing consent per channel (decision 025)', () => {
    const stored = async (id: string) =>
      (await t.app.db.query('SELECT marketing_consent, marketing_channels FROM loyalty_cards WHERE id = $1', [id])).rows[0];

    it('stores the channels chosen, each once and in one order, and the card answers them', async () => {
      const response = await signup({ ...valid, email: 'canali@example.it', marketing_channels: ['email', 'whatsapp', 'email'] });
      expect(response.statusCode).toBe(200);
      const { id } = response.json();
      expect(await stored(id)).toEqual({ marketing_consent: true, marketing_channels: ['whatsapp', 'email'] });
      const admin = demoAccount('admin');
      const card = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${id}`, headers: await authHeader(t.app, admin.email, admin.password) });
      expect(card.json()).toMatchObject({ id, marketing_channels: ['whatsapp', 'email'], marketing_consent: true });
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/loyalty-cards/business/${BUSINESS.id}?limit=5&q=${encodeURIComponent(card.json().card_number)}`,
        headers: await authHeader(t.app, admin.email, admin.password),
      });
      expect(list.json().items).toEqual([expect.objectContaining({ id, marketing_channels: ['whatsapp', 'email'], marketing_consent: true })]);
    });

    it('takes no channel as no consent, and accepts the old flag when it agrees with the channels', async () => {
      const none = (await signup({ ...valid, email: 'nessun.canale@example.it', marketing_channels: [] })).json();
      expect(await stored(none.id)).toEqual({ marketing_consent: false, marketing_channels: [] });
      const both = (await signup({ ...valid, email: 'entrambi@example.it', marketing_consent: true, marketing_channels: ['sms'] })).json();
      expect(await stored(both.id)).toEqual({ marketing_consent: true, marketing_channels: ['sms'] });
      const neither = (await signup({ ...valid, email: 'entrambi.no@example.it', marketing_consent: false, marketing_channels: [] })).json();
      expect(await stored(neither.id)).toEqual({ marketing_consent: false, marketing_channels: [] });
    });

    it("does not change an existing card's consent on a second signup", async () => {
      const first = (await signup({ ...valid, email: 'ripensamento@example.it', marketing_channels: ['sms'] })).json();
      const again = await signup({ ...valid, email: 'ripensamento@example.it', marketing_channels: ['whatsapp', 'sms', 'email'] });
      expect(again.json()).toEqual(first);
      expect(await stored(first.id)).toEqual({ marketing_consent: true, marketing_channels: ['sms'] });
    });

    it.each([
      [{ marketing_channels: ['fax'] }, MESSAGES.marketingChannelUnknown],
      [{ marketing_channels: ['sms', 'SMS'] }, MESSAGES.marketingChannelUnknown],
      [{ marketing_consent: true, marketing_channels: [] }, MESSAGES.marketingConsentMismatch],
      [{ marketing_consent: false, marketing_channels: ['whatsapp'] }, MESSAGES.marketingConsentMismatch],
    ])('refuses %j with 400 and writes nothing', async (change, message) => {
      const before = await counts();
      const response = await signup({ ...valid, email: 'canale.sbagliato@example.it', ...change });
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      expect(await counts()).toEqual(before);
    });

    it('refuses channels that are not a list, writing nothing', async () => {
      const before = await counts();
      const response = await signup({ ...valid, email: 'canale.stringa@example.it', marketing_channels: 'sms' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Campo "canali marketing" non valido');
      expect(await counts()).toEqual(before);
    });
  });

  describe('stamp mode: what the card image needs (decision 039)', () => {
    const SHOP = 'signup-stamps-shop';
    const customer = { ...valid, email: 'timbri@example.it', business_id: SHOP };
    beforeAll(async () => {
      // With a light shop colour: the card image wears it (decision 042, amended).
      await t.app.db.query(`INSERT INTO businesses (id, name, loyalty_mode, brand_color) VALUES ($1, 'Caffè dei Timbri', 'stamps', '#f5e6c8')`, [SHOP]);
      // Cheaper than the answer but not redeemable on 2026-06-15 (Rome), one reason each; then the candidates.
      const rewards: [string, number, string][] = [
        ['Scaduto', 2, `valid_until = '2026-06-14'`],
        ['Futuro', 3, `valid_from = '2026-06-16'`],
        ['Inattivo', 4, 'active = false'],
        ['Archiviato', 5, 'archived = true, active = false'],
        ['Esaurito', 6, 'stock = 0'],
        ['Ultimo giorno', 10, `valid_from = '2026-06-15', valid_until = '2026-06-15', stock = 1`],
        ['Caffè e brioche', 15, 'stock = NULL'],
      ];
      for (const [name, cost, change] of rewards) {
        const { rows } = await t.app.db.query<{ id: string }>('INSERT INTO rewards (business_id, name, cost) VALUES ($1, $2, $3) RETURNING id', [SHOP, name, cost]);
        await t.app.db.query(`UPDATE rewards SET ${change} WHERE id = $1`, [rows[0].id]);
      }
    });
    afterEach(() => {
      now = undefined;
    });

    it('answers the mode, the balance and the cheapest reward redeemable today above the balance', async () => {
      now = new Date('2026-06-15T10:00:00Z');
      const response = await signup(customer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ business_name: 'Caffè dei Timbri', points: 0, loyalty_mode: 'stamps', next_reward_cost: 10, brand_color: '#f5e6c8' });
    });

    it('counts towards the next reward above the balance of an existing card, and null past the last one', async () => {
      now = new Date('2026-06-15T10:00:00Z');
      const { id } = (await signup(customer)).json();
      await t.app.db.query('UPDATE loyalty_cards SET points = 10 WHERE id = $1', [id]);
      // A reward that costs the balance is already redeemable: the image counts towards the next one.
      expect((await signup(customer)).json()).toMatchObject({ id, points: 10, next_reward_cost: 15 });
      await t.app.db.query('UPDATE loyalty_cards SET points = 15 WHERE id = $1', [id]);
      expect((await signup(customer)).json()).toMatchObject({ id, points: 15, loyalty_mode: 'stamps', next_reward_cost: null });
      await t.app.db.query('UPDATE loyalty_cards SET points = 0 WHERE id = $1', [id]);
    });

    it('goes by the Italian day: at 00:30 in Rome (22:30 UTC) the next day has begun', async () => {
      now = new Date('2026-06-15T21:59:00Z');
      expect((await signup({ ...customer, email: 'timbri.sera@example.it' })).json()).toMatchObject({ next_reward_cost: 10 });
      now = new Date('2026-06-15T22:30:00Z');
      // 16 June: 'Futuro' (3) has started, 'Ultimo giorno' (10) is over.
      expect((await signup({ ...customer, email: 'timbri.notte@example.it' })).json()).toMatchObject({ next_reward_cost: 3 });
    });

    it('gives the resent answer nothing of the card', async () => {
      now = new Date('2026-06-15T10:00:00Z');
      const response = await signup({ ...customer, phone: '+39 333 7654321' });
      expect(response.json()).toEqual({ status: 'resent', business_name: 'Caffè dei Timbri', message: expect.any(String), my_card_url: 'http://localhost:3000/my-card' });
    });
  });

  it('answers 404 with an Italian error for an unknown business, writing nothing', async () => {
    const before = await counts();
    const response = await signup({ ...valid, email: 'nessuno@example.it', business_id: 'no-such-business' });
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ email: undefined }, 'Campo "email" è obbligatorio'],
    [{ email: 'non-una-email' }, 'Campo "email" non valido'],
    [{ full_name: '  ' }, 'Campo "nome completo" è obbligatorio'],
    [{ full_name: undefined }, 'Campo "nome completo" è obbligatorio'],
    [{ phone: undefined }, 'Campo "numero di telefono" obbligatorio'],
    [{ business_id: undefined }, 'Campo "azienda" è obbligatorio'],
    [{ role: 'admin' }, 'Campo "ruolo" non valido'],
    [{ privacy_ack: undefined }, "È necessario accettare l'informativa sulla privacy"],
    [{ privacy_ack: false }, "È necessario accettare l'informativa sulla privacy"],
    [{ marketing_consent: 'sì' }, 'Campo "consenso marketing" non valido'],
  ])('refuses %j with 400 and writes nothing', async (change, message) => {
    const before = await counts();
    const response = await signup({ ...valid, email: 'invalida@example.it', ...change });
    expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    expect(await counts()).toEqual(before);
  });

  it('ignores unknown fields, including a role or points smuggled in', async () => {
    const response = await signup({ ...valid, email: 'extra@example.it', points: 1000, is_admin: true });
    expect(response.statusCode).toBe(200);
    const { rows } = await t.app.db.query('SELECT c.points, u.role FROM loyalty_cards c JOIN users u ON u.id = c.user_id WHERE c.id = $1', [response.json().id]);
    expect(rows[0]).toEqual({ points: 0, role: 'client' });
  });

  it('limits signups per client IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signup({ ...valid, email: `limite${i}@example.it` }, '192.0.2.77')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await signup({ ...valid, email: 'limite-x@example.it' }, '192.0.2.77');
    expect(limited.json()).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
    expect((await signup({ ...valid, email: 'altro-ip@example.it' }, '192.0.2.78')).statusCode).toBe(200);
  });
});
