/**
 * Automations (decision 080, migration 039) under the clock the test controls (`app.clock`, the sweep's `now`):
 * the win-back sends once per lapse — not twice across two sweeps or two instances — and again after a new
 * visit; it waits for 09:00 inside the quiet hours, is skipped without consent, and meets the per-card daily
 * limit of marketing (one a card a Rome day across campaigns and automations). Its bonus is given once and
 * expires after its days. The owner's settings refuse bad input in Italian and change nothing.
 */
import { buildApp, type App } from '../src/app';
import { withStopFooter } from '../src/features/messaging/messages';
import { authHeader, createUser, startTestApp, testConfig, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createCard, FakeDriver } from './helpers/messaging';

const DAY = 86_400_000;
const OWNER = { email: 'titolare.automazioni@test.it', password: 'Automazioni2026!' };

describeEachDatabase('automations', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  let ownerId: string;
  let shops = 0;
  // In the past of the database's own now(): a job due at the clock's time is due for the worker too.
  let now = new Date('2025-03-12T10:00:00Z');
  const driver = new FakeDriver();

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { quietHours: true, worker: { enabled: false } } }, { messagingDriver: driver, clock: () => now });
    ownerId = (await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Automazioni' })).id;
    auth = await authHeader(t.app, OWNER.email, OWNER.password);
  });
  afterAll(() => t.close());

  /** A shop of the owner with WhatsApp and SMS on, and these automation settings. */
  async function newShop(settings: Record<string, unknown> = {}): Promise<string> {
    const id = `shop-automazioni-${++shops}`;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, sms_enabled) VALUES ($1, $2, $3, 1, 1)`, [id, `Bottega N. ${shops}`, ownerId]);
    if (Object.keys(settings).length > 0) expect((await put(id, settings)).statusCode).toBe(200);
    return id;
  }
  const put = (shop: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/automations/business/${shop}`, headers: auth, payload });
  const get = async (shop: string) => (await t.app.inject({ method: 'GET', url: `/api/automations/business/${shop}`, headers: auth })).json();
  /** A card whose last visit (a credit of points) was at `visit`. */
  async function cardVisited(shop: string, visit: Date, card: { name?: string; phone?: string; consent?: boolean } = {}): Promise<string> {
    const id = await createCard(t.app, shop, { name: card.name ?? 'Giulia Verdi Rossi', phone: card.phone ?? '+393331234567', consent: card.consent ?? true });
    await visitAt(id, visit);
    return id;
  }
  const visitAt = (card: string, at: Date) =>
    t.app.db.query(`INSERT INTO points_ledger (card_id, points, description, created_at) VALUES ($1, 10, 'Spesa', $2)`, [card, at.toISOString()]).then(() =>
      t.app.db.query('UPDATE loyalty_cards SET points = points + 10 WHERE id = $1', [card]),
    );
  const jobs = async (card: string) =>
    (
      await t.app.db.query<{ status: string; skip_reason: string | null; next_run_at: string; body: string; channel: string }>(
        `SELECT status, skip_reason, next_run_at, body, channel FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'win-back:%' ORDER BY id`,
        [card],
      )
    ).rows.map((r) => ({ ...r, next_run_at: new Date(r.next_run_at).toISOString() }));

  describe('settings', () => {
    it('answers the defaults: welcome on, birthday as the program has it, win-back off after 60 days', async () => {
      const shop = await newShop();
      const none = { sent: 0, pending: 0, failed: 0, skipped: 0 };
      expect(await get(shop)).toEqual({
        business_id: shop,
        welcome: { enabled: true, message: expect.stringContaining('{negozio}'), counts: none },
        birthday: { enabled: false, points: 0, message: 'Buon compleanno {nome}! {negozio} ti regala {punti} punti.', counts: none },
        win_back: {
          enabled: false,
          days: 60,
          channel: 'whatsapp',
          message: null,
          default_message: 'Ciao {nome}, ci manchi! Ti aspettiamo da {negozio}.',
          bonus_points: null,
          bonus_days: null,
          counts: none,
        },
      });
    });

    it('refuses bad input in Italian and changes nothing', async () => {
      const shop = await newShop();
      const before = await get(shop);
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ win_back_days: 0 }, /giorni senza visite/],
        [{ win_back_days: -5 }, /giorni senza visite/],
        [{ win_back_days: 1.5 }, /giorni senza visite/],
        [{ win_back_bonus_points: 0, win_back_bonus_days: 10 }, /punti bonus/],
        [{ win_back_bonus_points: 50, win_back_bonus_days: 0 }, /giorni di validità/],
        [{ win_back_bonus_points: 50, win_back_bonus_days: -1 }, /giorni di validità/],
        [{ win_back_bonus_points: 50 }, /sia i punti bonus sia i giorni/],
        [{ win_back_message: '' }, /non può essere vuoto/],
        [{ win_back_message: '   ' }, /non può essere vuoto/],
        [{ win_back_message: 'x'.repeat(161) }, /160 caratteri per WhatsApp/],
        [{ win_back_channel: 'sms', win_back_message: 'è'.repeat(161) }, /160 caratteri per SMS/],
        [{ win_back_message: 'Ciao {cognome}' }, /\{nome\}, \{negozio\}, \{punti\} e \{scadenza\}/],
        [{ win_back_channel: 'piccione' }, /Canale non valido/],
        [{ win_back_enabled: 'forse' }, /sì o no/],
      ];
      for (const [payload, message] of cases) {
        const res = await put(shop, payload);
        expect([JSON.stringify(payload), res.statusCode, res.json().error]).toEqual([JSON.stringify(payload), 400, expect.stringMatching(message)]);
      }
      expect(await get(shop)).toEqual(before);
      // An e-mail may say more; changing to SMS with a long e-mail text is refused.
      expect((await put(shop, { win_back_channel: 'email', win_back_message: 'x'.repeat(400) })).statusCode).toBe(200);
      expect((await put(shop, { win_back_channel: 'sms' })).json().error).toMatch(/160 caratteri per SMS/);
    });

    it('turns the welcome off and the win-back on', async () => {
      const shop = await newShop();
      const res = await put(shop, { welcome_enabled: false, win_back_enabled: true, win_back_days: 30, win_back_bonus_points: 50, win_back_bonus_days: 14 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        welcome: { enabled: false },
        win_back: { enabled: true, days: 30, bonus_points: 50, bonus_days: 14, default_message: expect.stringContaining('{punti} punti, validi fino al {scadenza}') },
      });
    });
  });

  describe('win-back sweep', () => {
    it('sends once per lapse, to the first name with STOP, and again after a new visit', async () => {
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60 });
      const visit = new Date('2025-01-10T10:00:00Z');
      const card = await cardVisited(shop, visit);
      now = new Date(visit.getTime() + 59 * DAY);
      expect((await t.app.automations.sweep(now)).winBack).toBe(0);
      now = new Date(visit.getTime() + 61 * DAY); // 12 March 2025, 11:00 Rome
      expect(await t.app.automations.sweep(now)).toEqual({ winBack: 1, skipped: 0, deferred: 0, bonuses: 0 });
      expect(await jobs(card)).toEqual([
        { status: 'queued', skip_reason: null, next_run_at: now.toISOString(), channel: 'whatsapp', body: withStopFooter(`Ciao Giulia, ci manchi! Ti aspettiamo da Bottega N. ${shops}.`) },
      ]);
      // A second sweep, the next day, finds the lapse served.
      expect((await t.app.automations.sweep(now)).winBack).toBe(0);
      now = new Date(now.getTime() + DAY);
      expect((await t.app.automations.sweep(now)).winBack).toBe(0);
      expect(await jobs(card)).toHaveLength(1);

      await t.app.messaging.worker.drain();
      expect(driver.messages.filter((m) => m.recipient === '+393331234567').map((m) => m.body)).toEqual([withStopFooter(`Ciao Giulia, ci manchi! Ti aspettiamo da Bottega N. ${shops}.`)]);
      expect((await get(shop)).win_back.counts).toEqual({ sent: 1, pending: 0, failed: 0, skipped: 0 });

      // A new visit starts a new lapse: 60 days after it, one more message.
      const again = new Date(now.getTime() + 2 * DAY);
      await visitAt(card, again);
      now = new Date(again.getTime() + 30 * DAY);
      expect((await t.app.automations.sweep(now)).winBack).toBe(0);
      now = new Date(again.getTime() + 60 * DAY);
      expect((await t.app.automations.sweep(now)).winBack).toBe(1);
      expect((await jobs(card)).map((j) => j.status)).toEqual(['sent', 'queued']);
      // The counts are the last 30 days': the first message is older.
      expect((await get(shop)).win_back.counts).toEqual({ sent: 0, pending: 1, failed: 0, skipped: 0 });
    });

    it('sends once when two sweeps run at once, on one instance or two', async () => {
      now = new Date('2025-03-12T10:00:00Z');
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60, win_back_bonus_points: 25, win_back_bonus_days: 10 });
      const cards = await Promise.all([0, 1, 2].map((i) => cardVisited(shop, new Date(now.getTime() - 70 * DAY), { phone: `+39333700000${i}` })));
      let second: App | null = null;
      if (variant.name === 'PostgreSQL') {
        second = buildApp(testConfig(t.database.config, { messaging: { quietHours: true, worker: { enabled: false } } }), { clock: () => now });
        await second.ready();
      }
      try {
        const results = await Promise.all([t.app.automations.sweep(now), (second ?? t.app).automations.sweep(now), t.app.automations.sweep(now)]);
        expect(results.reduce((n, r) => n + r.winBack, 0)).toBe(3);
        expect(results.reduce((n, r) => n + r.bonuses, 0)).toBe(3);
      } finally {
        await second?.close();
      }
      for (const card of cards) {
        expect(await jobs(card)).toHaveLength(1);
        const { rows } = await t.app.db.query<{ points: string; ledger: string }>(
          `SELECT c.points, (SELECT sum(points) FROM points_ledger WHERE card_id = c.id) AS ledger FROM loyalty_cards c WHERE c.id = $1`,
          [card],
        );
        expect([Number(rows[0].points), Number(rows[0].ledger)]).toEqual([35, 35]);
      }
      expect((await jobs(cards[0]))[0].body).toContain('ti regala 25 punti, validi fino al 22/03/2025');
    });

    it('runs as the scheduled task, claimed by one runner', async () => {
      now = new Date('2025-03-12T10:00:00Z');
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60 });
      const card = await cardVisited(shop, new Date(now.getTime() - 61 * DAY), { phone: '+393337100000' });
      await t.app.db.query(`UPDATE scheduled_tasks SET next_run_at = 'infinity' WHERE name <> 'automations-sweep'`);
      await t.app.db.query(`UPDATE scheduled_tasks SET next_run_at = now() - interval '1 second', locked_until = NULL WHERE name = 'automations-sweep'`);
      const runs = await Promise.all([t.app.jobs.scheduler.runDue(), t.app.jobs.scheduler.runDue()]);
      expect(runs.flat()).toEqual(['automations-sweep']);
      expect(await jobs(card)).toHaveLength(1);
    });

    it('waits for 09:00 inside the quiet hours (and the shop’s narrower window)', async () => {
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60 });
      now = new Date('2025-03-12T20:30:00Z'); // 21:30 Rome
      const card = await cardVisited(shop, new Date(now.getTime() - 61 * DAY), { phone: '+393337200000' });
      expect((await t.app.automations.sweep(now)).winBack).toBe(1);
      expect((await jobs(card)).map((j) => j.next_run_at)).toEqual(['2025-03-13T08:00:00.000Z']);

      const narrow = await newShop({ win_back_enabled: true, win_back_days: 60 });
      await t.app.db.query(`INSERT INTO messaging_settings (business_id, send_from, send_until) VALUES ($1, 11, 18)`, [narrow]);
      now = new Date('2025-03-12T09:00:00Z'); // 10:00 Rome: before the shop's 11:00
      const other = await cardVisited(narrow, new Date(now.getTime() - 61 * DAY), { phone: '+393337200001' });
      expect((await t.app.automations.sweep(now)).winBack).toBe(1);
      expect((await jobs(other)).map((j) => j.next_run_at)).toEqual(['2025-03-12T10:00:00.000Z']);
    });

    it('is skipped without consent on its channel or to a landline, and gives no bonus then', async () => {
      now = new Date('2025-03-12T10:00:00Z');
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60, win_back_channel: 'sms', win_back_bonus_points: 10, win_back_bonus_days: 5 });
      const card = await cardVisited(shop, new Date(now.getTime() - 61 * DAY), { phone: '+393337300000', consent: false });
      expect(await t.app.automations.sweep(now)).toEqual({ winBack: 0, skipped: 1, deferred: 0, bonuses: 0 });
      expect((await jobs(card)).map((j) => [j.status, j.skip_reason, j.channel])).toEqual([['skipped', 'no_consent', 'sms']]);
      expect((await t.app.automations.sweep(now)).skipped).toBe(0);
      const { rows } = await t.app.db.query<{ points: string }>('SELECT points FROM loyalty_cards WHERE id = $1', [card]);
      expect(Number(rows[0].points)).toBe(10);
      expect((await get(shop)).win_back.counts).toEqual({ sent: 0, pending: 0, failed: 0, skipped: 1 });

      // A landline with consent: no SMS reaches it (decision 080).
      const landline = await cardVisited(shop, new Date(now.getTime() - 61 * DAY), { phone: '+390612345679', consent: true });
      expect(await t.app.automations.sweep(now)).toEqual({ winBack: 0, skipped: 1, deferred: 0, bonuses: 0 });
      expect((await jobs(landline)).map((j) => [j.status, j.skip_reason])).toEqual([['skipped', 'landline']]);
    });

    it('keeps to one marketing message per card a day, across campaigns and automations', async () => {
      now = new Date('2025-03-12T10:00:00Z');
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60 });
      const card = await cardVisited(shop, new Date(now.getTime() - 61 * DAY), { phone: '+393337400000' });
      const campaign = async () => {
        const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: shop, name: `Promo ${now.toISOString()}`, segment: { kind: 'all' }, channels: ['sms'] } });
        return created.json<{ id: string }>().id;
      };
      const reachOf = async (id: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/reach`, headers: auth })).json().channels[0];

      // A campaign this morning: the win-back waits for tomorrow.
      const first = await campaign();
      expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${first}/send`, headers: auth, payload: { service: 'sms', message: 'Promo del giorno' } })).json()).toMatchObject({ queued: 1 });
      expect(await t.app.automations.sweep(now)).toEqual({ winBack: 0, skipped: 0, deferred: 1, bonuses: 0 });
      expect(await jobs(card)).toEqual([]);
      now = new Date(now.getTime() + DAY);
      expect((await t.app.automations.sweep(now)).winBack).toBe(1);

      // The win-back went today: a second campaign today skips the card, and its preview says so first.
      const second = await campaign();
      expect(await reachOf(second)).toMatchObject({ queued: 0, dailyLimit: 1 });
      const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${second}/send`, headers: auth, payload: { service: 'sms', message: 'Ancora una promo' } });
      expect(sent.json()).toMatchObject({ queued: 0, skipped: 1, skippedByReason: { dailyLimit: 1 } });
      expect(sent.json().message).toMatch(/già ricevuto un messaggio promozionale oggi/);
      // Tomorrow it may go again.
      now = new Date(now.getTime() + DAY);
      const third = await campaign();
      expect(await reachOf(third)).toMatchObject({ queued: 1, dailyLimit: 0 });
    });

    it('expires what is left of the bonus after its days, leaving the older points alone', async () => {
      now = new Date('2025-03-12T10:00:00Z');
      const shop = await newShop({ win_back_enabled: true, win_back_days: 60, win_back_bonus_points: 40, win_back_bonus_days: 7 });
      const card = await cardVisited(shop, new Date(now.getTime() - 61 * DAY), { phone: '+393337500000' });
      expect((await t.app.automations.sweep(now)).bonuses).toBe(1);
      const balance = async () => Number((await t.app.db.query<{ points: string }>('SELECT points FROM loyalty_cards WHERE id = $1', [card])).rows[0].points);
      expect(await balance()).toBe(50);
      expect((await t.app.rewards.sweep(new Date(now.getTime() + 6 * DAY))).expired).toBe(0);
      expect((await t.app.rewards.sweep(new Date(now.getTime() + 8 * DAY))).expired).toBe(1);
      expect(await balance()).toBe(10);
      expect((await t.app.rewards.sweep(new Date(now.getTime() + 9 * DAY))).expired).toBe(0);
      const { rows } = await t.app.db.query<{ remaining: string }>('SELECT remaining FROM loyalty_card_lots($1) ORDER BY lot_id', [card]);
      expect(rows.map((r) => Number(r.remaining))).toEqual([10, 0]);
    });
  });

  it('leaves the welcome out when the owner turned it off', async () => {
    const shop = await newShop({ welcome_enabled: false });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      remoteAddress: '10.52.0.1',
      payload: { role: 'client', privacy_ack: true, email: 'marta.neri@example.it', full_name: 'Marta Neri', phone: '333 765 9001', business_id: shop },
    });
    expect(signup.statusCode).toBe(200);
    const { rows } = await t.app.db.query(`SELECT 1 FROM messaging_jobs WHERE business_id = $1 AND idempotency_key LIKE 'card:%:welcome'`, [shop]);
    expect(rows).toEqual([]);
  });
});
