/**
 * The bonus automation on the server (migration 009, docs/decisions/021-bonus-on-the-server.md).
 * Every rise of a balance records, in its own transaction, the multiples of the business's threshold the
 * card reaches and enqueues one WhatsApp for the highest new multiple of that rise (migration 046) — at most once per
 * (card, multiple); the lower ones it passed are recorded, never announced.
 */
import { DEFAULT_BONUS_TEMPLATE } from '../src/features/messaging/messages';
import { authHeader, createUser, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createCard } from './helpers/messaging';

interface BonusJob {
  idempotency_key: string;
  status: string;
  skip_reason: string | null;
  recipient: string;
  body: string;
}

interface CardBonus {
  points: number;
  bonus_level: number;
  bonus_due: boolean;
  last_bonus_at: string | null;
}

describeEachDatabase('bonus automation', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let superAdmin: { authorization: string };
  let adminId: string;
  let shops = 0;

  beforeAll(async () => {
    // On the real clock at any hour of CI's day: the bonus's hold by the quiet hours is quiet-hours.test.ts's (decision 082).
    t = await startTestApp(variant, { seedDemo: true, messaging: { quietHours: false, worker: { enabled: false } } });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    adminId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
  });
  afterAll(() => t.close());

  /** A business of the demo admin, WhatsApp on unless told otherwise. */
  async function newShop({ whatsapp = true, threshold = 1000 } = {}): Promise<string> {
    const id = `bonus-shop-${++shops}`;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, bonus_threshold) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      `Profumeria N. ${shops}`,
      adminId,
      whatsapp ? 1 : 0,
      threshold,
    ]);
    return id;
  }

  /** A card without points (as every route creates them); no marketing consent: bonuses do not need it. */
  const newCard = (shop: string, name: string, phone: string | null = '+39 333 100 0000') => createCard(t.app, shop, { name, phone, consent: false });

  const addPoints = (cardId: string, points: number, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${cardId}/points`, headers, payload: { points, description: 'Spesa' } });

  async function bonusJobs(cardId: string): Promise<BonusJob[]> {
    const { rows } = await t.app.db.query<BonusJob>(
      `SELECT idempotency_key, status, skip_reason, recipient, body FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'bonus:%' ORDER BY id`,
      [cardId],
    );
    return rows;
  }
  const keys = async (cardId: string) => (await bonusJobs(cardId)).map((job) => job.idempotency_key);
  const key = (cardId: string, level: number) => `bonus:${cardId}:${level}`;

  async function cardBonus(cardId: string): Promise<CardBonus> {
    const { rows } = await t.app.db.query<CardBonus>('SELECT points, bonus_level, bonus_due, last_bonus_at FROM loyalty_cards WHERE id = $1', [cardId]);
    return rows[0];
  }

  const preview = (shop: string, threshold: number | string, headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/settings/${shop}/bonus-preview?threshold=${threshold}`, headers });
  const changeThreshold = (shop: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/settings/${shop}/bonus-threshold`, headers, payload });

  describe('a rise of the balance', () => {
    it('enqueues one WhatsApp for a crossed multiple, in the transaction of the points', async () => {
      const shop = await newShop();
      const card = await newCard(shop, 'Anna Uno');
      expect((await addPoints(card, 999)).statusCode).toBe(200);
      expect(await bonusJobs(card)).toEqual([]);
      expect(await cardBonus(card)).toEqual({ points: 999, bonus_level: 0, bonus_due: false, last_bonus_at: null });

      expect((await addPoints(card, 1.5)).statusCode).toBe(200);
      expect(await bonusJobs(card)).toEqual([
        {
          idempotency_key: key(card, 1000),
          status: 'queued',
          skip_reason: null,
          recipient: '+393331000000',
          body: 'Complimenti Anna Uno! Con 1.000,5 punti hai raggiunto un premio da Profumeria N. 1.',
        },
      ]);
      const state = await cardBonus(card);
      expect(state).toMatchObject({ bonus_level: 1000, bonus_due: false });
      expect(state.last_bonus_at).not.toBeNull();

      // The worker sends what the trigger enqueued, as any other job.
      expect(await t.app.messaging.worker.drain()).toBeGreaterThanOrEqual(1);
      const { rows } = await t.app.db.query('SELECT channel, recipient, body, status FROM outbox_messages WHERE card_id = $1', [card]);
      expect(rows).toEqual([{ channel: 'whatsapp', recipient: '+393331000000', body: 'Complimenti Anna Uno! Con 1.000,5 punti hai raggiunto un premio da Profumeria N. 1.', status: 'sent' }]);
    });

    it('sends one message when one change crosses several multiples: the highest, the others recorded as passed', async () => {
      const shop = await newShop();
      const card = await newCard(shop, 'Bruno Tre');
      // A sale of 3 250 points sent three identical messages in the same second before migration 046.
      expect((await addPoints(card, 3250)).statusCode).toBe(200);
      expect(await bonusJobs(card)).toEqual([
        expect.objectContaining({ idempotency_key: key(card, 3000), body: 'Complimenti Bruno Tre! Con 3.250 punti hai raggiunto un premio da Profumeria N. 2.' }),
      ]);
      expect(await cardBonus(card)).toMatchObject({ points: 3250, bonus_level: 3000, bonus_due: false });
      expect((await addPoints(card, 700)).statusCode).toBe(200); // 3950: no new multiple
      expect(await keys(card)).toEqual([key(card, 3000)]);
      expect((await addPoints(card, 50)).statusCode).toBe(200); // 4000
      expect(await keys(card)).toEqual([key(card, 3000), key(card, 4000)]);
      expect(await cardBonus(card)).toMatchObject({ points: 4000, bonus_level: 4000, bonus_due: false });
      // A fall and a rise past 1 000 and 2 000 again: passed before, never announced.
      expect((await addPoints(card, -3500)).statusCode).toBe(200); // 500
      expect((await addPoints(card, 3400)).statusCode).toBe(200); // 3900
      expect(await keys(card)).toEqual([key(card, 3000), key(card, 4000)]);
    });

    it('names the highest multiple reached in {traguardo}, however many one change passes', async () => {
      const shop = await newShop({ threshold: 1 });
      await t.app.db.query(
        `INSERT INTO messaging_settings (business_id, bonus_template) VALUES ($1, 'Traguardo {traguardo} raggiunto, {nome}!')
         ON CONFLICT (business_id) DO UPDATE SET bonus_template = EXCLUDED.bonus_template`,
        [shop],
      );
      const card = await newCard(shop, 'Carla Mille');
      expect((await addPoints(card, 1000)).statusCode).toBe(200);
      expect((await bonusJobs(card)).map((job) => [job.idempotency_key, job.body])).toEqual([[key(card, 1000), 'Traguardo 1.000 raggiunto, Carla Mille!']]);
      expect(await cardBonus(card)).toMatchObject({ bonus_level: 1000 });
    });

    it('crosses through a QR scan too', async () => {
      const shop = await newShop();
      const holder = await createUser(t.app, { email: `qr.${shops}@test.it`, role: 'client', full_name: 'Dario Scansione', business_id: shop });
      const { rows } = await t.app.db.query<{ id: string }>(
        `INSERT INTO loyalty_cards (business_id, user_id, card_number, customer_name, customer_phone, points) VALUES ($1, $2, 'LC-70000001', 'Dario Scansione', '+393337000001', 980) RETURNING id`,
        [shop, holder.id],
      );
      const card = rows[0].id;
      const scan = await t.app.inject({ method: 'POST', url: '/api/qrcode/scan', headers: admin, payload: { card_id: card, user_id: holder.id, points: 50 } });
      expect(scan.statusCode).toBe(200);
      expect(await bonusJobs(card)).toEqual([expect.objectContaining({ idempotency_key: key(card, 1000), status: 'queued', recipient: '+393337000001' })]);
    });

    it('enqueues exactly one job per (card, multiple) under 50 simultaneous updates', async () => {
      const shop = await newShop({ threshold: 100 });
      const cards = [await newCard(shop, 'Elena Folla'), await newCard(shop, 'Franco Folla', '+39 333 100 0001')];
      // 25 updates of +30 per card, all at once: each card ends at 750, crossing 100…700 once each.
      const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => addPoints(cards[i % 2], 30)));
      expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
      for (const card of cards) {
        expect((await cardBonus(card)).points).toBe(750);
        expect((await keys(card)).sort()).toEqual([100, 200, 300, 400, 500, 600, 700].map((level) => key(card, level)).sort());
      }
      // Another burst from the super admin as well as the admin (two staff, two browsers): still once.
      await Promise.all(Array.from({ length: 10 }, (_, i) => addPoints(cards[0], 5, i % 2 ? admin : superAdmin)));
      expect((await keys(cards[0])).sort()).toEqual([100, 200, 300, 400, 500, 600, 700, 800].map((level) => key(cards[0], level)).sort());
    });

    it('does not announce a multiple again after a decrease and a new rise', async () => {
      const shop = await newShop();
      const card = await newCard(shop, 'Gina Altalena');
      await addPoints(card, 1200);
      expect(await keys(card)).toEqual([key(card, 1000)]);
      expect((await addPoints(card, -500)).statusCode).toBe(200); // 700
      expect((await addPoints(card, 600)).statusCode).toBe(200); // 1300: 1000 again
      expect(await keys(card)).toEqual([key(card, 1000)]);
      expect((await addPoints(card, 700)).statusCode).toBe(200); // 2000: a new one
      expect(await keys(card)).toEqual([key(card, 1000), key(card, 2000)]);
      // A writer that bypasses the routes (plain SQL) goes through the same trigger.
      await t.app.db.query('UPDATE loyalty_cards SET points = points + 1000 WHERE id = $1', [card]);
      expect(await keys(card)).toEqual([key(card, 1000), key(card, 2000), key(card, 3000)]);
    });

    it('records, without sending, the multiples a card is created with (seed, import)', async () => {
      const shop = await newShop();
      const card = await createCard(t.app, shop, { name: 'Ivo Importato', phone: '+393331234567', consent: true, points: 2500 });
      expect(await cardBonus(card)).toEqual({ points: 2500, bonus_level: 2000, bonus_due: false, last_bonus_at: null });
      expect(await bonusJobs(card)).toEqual([]);
      await addPoints(card, 600);
      expect(await keys(card)).toEqual([key(card, 3000)]);
    });
  });

  describe('who gets the message', () => {
    it('skips, with the reason, an opted-out customer and one without a phone; consent is not needed', async () => {
      const shop = await newShop();
      await t.app.db.query(`INSERT INTO messaging_opt_outs (business_id, contact) VALUES ($1, '+393339990000')`, [shop]);
      const stopped = await newCard(shop, 'Lia Stop', '+39 333 999 0000');
      const noPhone = await newCard(shop, 'Marco Senza', null);
      const noConsent = await newCard(shop, 'Nadia Nessun Consenso', '+39 333 999 0001');
      for (const card of [stopped, noPhone, noConsent]) expect((await addPoints(card, 1000)).statusCode).toBe(200);

      expect(await bonusJobs(stopped)).toEqual([expect.objectContaining({ status: 'skipped', skip_reason: 'opt_out', recipient: '+393339990000' })]);
      expect(await bonusJobs(noPhone)).toEqual([expect.objectContaining({ status: 'skipped', skip_reason: 'no_contact', recipient: '' })]);
      expect(await bonusJobs(noConsent)).toEqual([expect.objectContaining({ status: 'queued', skip_reason: null })]);
      expect((await cardBonus(stopped)).bonus_due).toBe(true);
      expect((await cardBonus(noPhone)).bonus_due).toBe(true);
      expect(await cardBonus(noConsent)).toMatchObject({ bonus_due: false });

      await t.app.messaging.worker.drain();
      const { rows } = await t.app.db.query<{ card_id: string }>('SELECT card_id FROM outbox_messages WHERE business_id = $1', [shop]);
      expect(rows).toEqual([{ card_id: noConsent }]);
    });

    it('skips a phone kept as written because it is no valid number, like every message (one enqueue rule)', async () => {
      const shop = await newShop();
      const card = await newCard(shop, 'Olga Numero Vecchio');
      // A number stored before numbers were checked and left as written (migration 011): the API refuses it today.
      await t.app.db.query(`UPDATE loyalty_cards SET customer_phone = '333 12' WHERE id = $1`, [card]);
      expect((await addPoints(card, 900)).statusCode).toBe(200);
      // The preview of a threshold change counts it skipped too.
      expect((await preview(shop, 500)).json()).toMatchObject({ messages: 0, skipped: 1, cards: 1 });
      expect((await addPoints(card, 100)).statusCode).toBe(200);
      expect(await bonusJobs(card)).toEqual([expect.objectContaining({ status: 'skipped', skip_reason: 'invalid_contact', recipient: '33312' })]);
      expect((await cardBonus(card)).bonus_due).toBe(true);
    });

    it('with WhatsApp off enqueues nothing, records the multiple (Bonus!) and sends no old bonus once it is on', async () => {
      const shop = await newShop({ whatsapp: false });
      const card = await newCard(shop, 'Olga Spenta');
      expect((await addPoints(card, 2500)).statusCode).toBe(200);
      expect(await bonusJobs(card)).toEqual([]);
      expect(await cardBonus(card)).toEqual({ points: 2500, bonus_level: 2000, bonus_due: true, last_bonus_at: null });

      const page = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${shop}?limit=50`, headers: admin });
      expect(page.json().items).toEqual([expect.objectContaining({ id: card, bonus_due: true, last_bonus_at: null })]);

      const enabled = await t.app.inject({ method: 'PUT', url: `/api/settings/${shop}`, headers: superAdmin, payload: { whatsapp_enabled: 1 } });
      expect(enabled.statusCode).toBe(200);
      await addPoints(card, 10);
      expect(await bonusJobs(card)).toEqual([]);
      await addPoints(card, 500); // 3010: the first multiple reached with WhatsApp on
      expect(await keys(card)).toEqual([key(card, 3000)]);
      const state = await cardBonus(card);
      expect(state.bonus_due).toBe(false);
      expect(state.last_bonus_at).not.toBeNull();
    });
  });

  describe('changing the threshold', () => {
    it('previews what it would enqueue, asks for that number and then enqueues exactly it', async () => {
      const shop = await newShop();
      const a = await newCard(shop, 'Paola Due Mila Cinque');
      const b = await newCard(shop, 'Quinto Settecento', '+39 333 200 0001');
      const c = await newCard(shop, 'Rosa Senza Telefono', null);
      const d = await newCard(shop, 'Sara Quattrocento', '+39 333 200 0003');
      await addPoints(a, 2500); // 2000 announced now (1000 passed)
      await addPoints(b, 700);
      await addPoints(c, 600);
      await addPoints(d, 400);
      const before = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messaging_jobs WHERE business_id = $1`, [shop]);
      expect(before.rows[0].n).toBe(1);

      // 500: a reaches 2500 (above its 2000), b 500, c 500 without a phone; d stays below.
      const expected = { threshold: 500, messages: 2, skipped: 1, cards: 3, whatsapp_enabled: 1 };
      const seen = await preview(shop, 500);
      expect([seen.statusCode, seen.json()]).toEqual([200, expected]);

      // Without the confirmation, or with another number, nothing changes.
      for (const payload of [{ threshold: 500 }, { threshold: 500, confirm_messages: 1 }]) {
        const refused = await changeThreshold(shop, payload);
        expect([refused.statusCode, refused.json()]).toEqual([409, { error: 'La nuova soglia invierà 2 messaggi bonus. Confermi?' }]);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/settings/${shop}`, headers: admin })).json().bonus_threshold).toBe(1000);
      expect((await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messaging_jobs WHERE business_id = $1`, [shop])).rows[0].n).toBe(1);

      const saved = await changeThreshold(shop, { threshold: 500, confirm_messages: 2 });
      expect([saved.statusCode, saved.json()]).toEqual([200, { message: 'Soglia bonus salvata', ...expected }]);
      const jobs = await t.app.db.query<{ idempotency_key: string; status: string }>(
        `SELECT idempotency_key, status FROM messaging_jobs WHERE business_id = $1 ORDER BY idempotency_key`,
        [shop],
      );
      expect(jobs.rows).toEqual(
        [
          { idempotency_key: key(a, 2000), status: 'queued' },
          { idempotency_key: key(a, 2500), status: 'queued' },
          { idempotency_key: key(b, 500), status: 'queued' },
          { idempotency_key: key(c, 500), status: 'skipped' },
        ].sort((x, y) => x.idempotency_key.localeCompare(y.idempotency_key)),
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/settings/${shop}`, headers: admin })).json().bonus_threshold).toBe(500);

      // Done once: the same threshold again has nothing left to send, and saves without asking.
      expect((await preview(shop, 500)).json()).toEqual({ threshold: 500, messages: 0, skipped: 0, cards: 0, whatsapp_enabled: 1 });
      const back = await changeThreshold(shop, { threshold: 1000 });
      expect([back.statusCode, back.json()]).toEqual([200, { message: 'Soglia bonus salvata', threshold: 1000, messages: 0, skipped: 0, cards: 0, whatsapp_enabled: 1 }]);
      // Under 1000 again, b's next multiple is 1000 (above its 500).
      await addPoints(b, 300);
      expect(await keys(b)).toEqual([key(b, 500), key(b, 1000)]);
    });

    it('with WhatsApp off records the multiples without asking, and the card list shows them at once (read cache)', async () => {
      const shop = await newShop({ whatsapp: false });
      const card = await newCard(shop, 'Teo Spento');
      await addPoints(card, 600);
      const url = `/api/loyalty-cards/business/${shop}?limit=50`;
      const first = await t.app.inject({ method: 'GET', url, headers: admin });
      expect((await t.app.inject({ method: 'GET', url, headers: admin })).body).toBe(first.body); // from the cache
      expect(first.json().items[0]).toMatchObject({ bonus_due: false });

      expect((await preview(shop, 500)).json()).toEqual({ threshold: 500, messages: 0, skipped: 0, cards: 1, whatsapp_enabled: 0 });
      const saved = await changeThreshold(shop, { threshold: 500 });
      expect([saved.statusCode, saved.json()]).toEqual([200, { message: 'Soglia bonus salvata', threshold: 500, messages: 0, skipped: 0, cards: 1, whatsapp_enabled: 0 }]);
      expect(await bonusJobs(card)).toEqual([]);
      const after = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(after.json().items[0]).toMatchObject({ id: card, bonus_due: true, last_bonus_at: null });
    });

    it('validates the threshold and enforces ownership', async () => {
      const shop = await newShop();
      for (const bad of ['0', '-1', '2.5', 'abc', '']) {
        const response = await preview(shop, bad);
        expect([response.statusCode, response.json()]).toEqual([400, { error: 'La soglia bonus deve essere un numero intero di almeno 1' }]);
      }
      for (const bad of [0, 1.5, '100', null]) {
        const response = await changeThreshold(shop, { threshold: bad });
        expect([response.statusCode, response.json()]).toEqual([400, { error: 'La soglia bonus deve essere un numero intero di almeno 1' }]);
      }
      const foreign = await t.app.db.query<{ id: string }>(`INSERT INTO businesses (name) VALUES ('Di nessuno') RETURNING id`);
      expect((await preview(foreign.rows[0].id, 500)).statusCode).toBe(404);
      expect((await changeThreshold(foreign.rows[0].id, { threshold: 500 })).statusCode).toBe(404);
      expect((await changeThreshold(foreign.rows[0].id, { threshold: 500 }, superAdmin)).statusCode).toBe(200);
      expect((await preview(shop, 500, {} as never)).statusCode).toBe(401);
    });
  });

  describe('the message template', () => {
    const settingsUrl = (shop: string) => `/api/twilio/settings/${shop}`;
    const saveTemplate = (shop: string, bonusTemplate: unknown) => t.app.inject({ method: 'PUT', url: settingsUrl(shop), headers: admin, payload: { bonusTemplate } });

    it('has an Italian default, the same in the API and in the database', async () => {
      const shop = await newShop();
      const settings = await t.app.inject({ method: 'GET', url: `/api/twilio/settings?businessId=${shop}`, headers: admin });
      expect(settings.json().bonusTemplate).toBe('Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.');
      const { rows } = await t.app.db.query<{ text: string }>('SELECT loyalty_bonus_default_template() AS text');
      expect(rows[0].text).toBe(DEFAULT_BONUS_TEMPLATE);
    });

    it('renders the business’s own text with the placeholders, points written the Italian way', async () => {
      const shop = await newShop();
      const template = 'Ciao {nome}: {punti} punti da {negozio}, premio dei {traguardo}! Sconto 10% {nome}';
      const saved = await saveTemplate(shop, `  ${template}  `);
      expect([saved.statusCode, saved.json().settings.bonusTemplate]).toEqual([200, template]);
      // A name that looks like a placeholder stays as it is.
      const card = await newCard(shop, 'Ugo {punti}');
      await addPoints(card, 4017.5);
      expect((await bonusJobs(card)).map((job) => job.body)).toEqual(
        // One message for the rise, naming the highest multiple it reached (migration 046).
        [`Ciao Ugo {punti}: 4.017,5 punti da Profumeria N. ${shops}, premio dei 4.000! Sconto 10% Ugo {punti}`],
      );

      // Sending the default back stores "the default" (NULL), so a reworded default reaches this business too.
      expect((await saveTemplate(shop, DEFAULT_BONUS_TEMPLATE)).statusCode).toBe(200);
      const { rows } = await t.app.db.query('SELECT bonus_template FROM messaging_settings WHERE business_id = $1', [shop]);
      expect(rows).toEqual([{ bonus_template: null }]);
      const other = await newCard(shop, 'Vera Grande', '+39 333 300 0000');
      await addPoints(other, 12_345.25);
      expect((await bonusJobs(other)).at(-1)!.body).toBe(`Complimenti Vera Grande! Con 12.345,25 punti hai raggiunto un premio da Profumeria N. ${shops}.`);
    });

    it('refuses an empty text, one over 1600 characters and unknown placeholders, in Italian', async () => {
      const shop = await newShop();
      const cases: [unknown, string][] = [
        ['', 'Il messaggio bonus non può essere vuoto'],
        ['   ', 'Il messaggio bonus non può essere vuoto'],
        ['x'.repeat(1601), 'Il messaggio bonus non può superare i 1600 caratteri'],
        ['Ciao {nome}, hai {saldo} punti {} ', 'Segnaposto sconosciuto nel messaggio bonus: {saldo}, {}. Usa {nome}, {punti}, {negozio}, {traguardo}'],
      ];
      for (const [template, error] of cases) {
        const response = await saveTemplate(shop, template);
        expect([response.statusCode, response.json()]).toEqual([400, { error }]);
      }
      expect((await saveTemplate(shop, `${'x'.repeat(1590)} {nome}`)).statusCode).toBe(200);
    });

    it('is never used for an empty single WhatsApp: that is refused', async () => {
      const shop = await newShop();
      const card = await newCard(shop, 'Zeno Vuoto');
      for (const payload of [{ message: '' }, { message: '   ' }, {}]) {
        const response = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/send-whatsapp`, headers: admin, payload });
        expect([response.statusCode, response.json()]).toEqual([400, { error: 'Il messaggio non può essere vuoto' }]);
      }
    });
  });
});
