/**
 * The rewards sweep under a controllable clock (docs/decisions/036 and 037): expiry rows exactly once
 * per lot, oldest first, never racing a redemption into a negative balance; reminders N days before, once per
 * lot; a birthday gift once per card per year; the scheduled task claimed by one runner. And the ledger rules
 * as properties: any sequence of credits, redemptions, manual removals and expiries keeps the balance equal to
 * the sum of the ledger and >= 0, and consumes the lots oldest first.
 */
import fc from 'fast-check';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { balanceAndLedger } from './helpers/fixtures';
import { createCard } from './helpers/messaging';

type Headers = { authorization: string };
const DAY = 86_400_000;

describeEachDatabase('rewards sweep', (variant) => {
  let t: TestApp;
  let admin: Headers;
  let adminId: string;
  let shops = 0;
  // Ahead of the database's own now(), so every lot dated by the clock is after the policy's `expiry_since`.
  let now = new Date(Date.now() + DAY);

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { quietHours: true, worker: { enabled: false } } }, { clock: () => now });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    adminId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
  });
  afterAll(() => t.close());

  /** A shop of the demo admin with this program (set at the clock's `now`). */
  async function newShop(programChanges: object, { threshold = 1000 } = {}): Promise<string> {
    const id = `sweep-shop-${++shops}`;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, bonus_threshold) VALUES ($1, $2, $3, 1, $4)`, [
      id,
      `Gelateria N. ${shops}`,
      adminId,
      threshold,
    ]);
    const response = await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${id}/program`, headers: admin, payload: programChanges });
    expect(response.statusCode).toBe(200);
    return id;
  }
  const newCard = (shop: string, extra: { birth?: string; phone?: string | null; consent?: boolean } = {}) =>
    createCard(t.app, shop, { name: 'Sara Gialli', phone: extra.phone === undefined ? '+393335550000' : extra.phone, consent: extra.consent ?? false }).then(async (id) => {
      if (extra.birth) await t.app.db.query('UPDATE loyalty_cards SET birth_date = $2 WHERE id = $1', [id, extra.birth]);
      return id;
    });
  const addPoints = (card: string, points: number) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/points`, headers: admin, payload: { points, description: 'Spesa' } });
  const redeem = (card: string, rewardId: string) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/redeem`, headers: admin, payload: { reward_id: rewardId } });
  async function newReward(shop: string, cost: number): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/rewards', headers: admin, payload: { businessId: shop, name: `Premio ${cost}`, cost } });
    return response.json().id;
  }

  /** The balance and its ledger's sum (how many rows is not what these tests are about). */
  async function cardState(card: string) {
    const { points, ledger } = await balanceAndLedger(t.app, card);
    return { points, ledger };
  }
  async function expiryRows(card: string) {
    const { rows } = await t.app.db.query<{ points: number; lot_id: number }>(
      `SELECT points, lot_id FROM points_ledger WHERE card_id = $1 AND kind = 'expiry' ORDER BY lot_id`,
      [card],
    );
    return rows;
  }
  async function lots(card: string) {
    const { rows } = await t.app.db.query<{ lot_id: number; points: number; remaining: number; expires_at: string }>(
      'SELECT lot_id, points, remaining, expires_at FROM loyalty_card_lots($1)',
      [card],
    );
    return rows;
  }
  const jobs = async (card: string, prefix: string) =>
    (
      await t.app.db.query<{ idempotency_key: string; channel: string; recipient: string; body: string; status: string; skip_reason: string | null }>(
        `SELECT idempotency_key, channel, recipient, body, status, skip_reason FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE $2 ORDER BY id`,
        [card, `${prefix}%`],
      )
    ).rows;

  describe('expiry', () => {
    it('expires what is left of each lot once, oldest first; again, moved back or in parallel writes nothing more', async () => {
      const shop = await newShop({ expiry_months: 1 });
      const card = await newCard(shop);
      const start = now;
      expect((await addPoints(card, 10)).statusCode).toBe(200);
      now = new Date(start.getTime() + 10 * DAY);
      expect((await addPoints(card, 20)).statusCode).toBe(200);
      // Takes the oldest lot first: 6 of lot 1.
      expect((await redeem(card, await newReward(shop, 6))).statusCode).toBe(200);
      const [lot1, lot2] = await lots(card);
      expect([lot1.remaining, lot2.remaining]).toEqual([4, 20]);

      now = new Date(new Date(lot1.expires_at).getTime() + 1000);
      expect(await t.app.rewards.sweep(now)).toMatchObject({ expired: 1 });
      expect(await expiryRows(card)).toEqual([{ points: -4, lot_id: lot1.lot_id }]);
      expect(await cardState(card)).toEqual({ points: 20, ledger: 20 });
      expect(await t.app.rewards.sweep(now)).toMatchObject({ expired: 0 });
      expect(await t.app.rewards.sweep(new Date(start.getTime()))).toMatchObject({ expired: 0 });

      now = new Date(new Date(lot2.expires_at).getTime() + 1000);
      const results = await Promise.all([t.app.rewards.sweep(now), t.app.rewards.sweep(now), t.app.rewards.sweep(now)]);
      expect(results.reduce((n, r) => n + r.expired, 0)).toBe(1);
      expect(await expiryRows(card)).toEqual([
        { points: -4, lot_id: lot1.lot_id },
        { points: -20, lot_id: lot2.lot_id },
      ]);
      expect(await cardState(card)).toEqual({ points: 0, ledger: 0 });
      const ledger = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/ledger`, headers: admin })).json();
      expect(ledger.map((e: { kind: string }) => e.kind)).toEqual(['expiry', 'expiry', 'redemption', 'credit', 'credit']);
    });

    it('gives points held when expiry is switched on the whole period, and never expires an imported balance', async () => {
      const shop = await newShop({});
      const card = await newCard(shop);
      await t.app.db.query('UPDATE loyalty_cards SET points = 7 WHERE id = $1', [card]); // an imported balance: no lot
      expect((await addPoints(card, 5)).statusCode).toBe(200);
      now = new Date(now.getTime() + 400 * DAY);
      // Switched on a year later: the lot counts from now.
      await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${shop}/program`, headers: admin, payload: { expiry_months: 1 } });
      expect(await t.app.rewards.sweep(now)).toMatchObject({ expired: 0 });
      now = new Date(now.getTime() + 32 * DAY);
      expect(await t.app.rewards.sweep(now)).toMatchObject({ expired: 1 });
      expect((await cardState(card)).points).toBe(7);
    });

    it('never races a redemption into a negative balance', async () => {
      const shop = await newShop({ expiry_months: 1 });
      const rewardId = await newReward(shop, 8);
      for (let round = 0; round < 4; round++) {
        const card = await newCard(shop);
        expect((await addPoints(card, 10)).statusCode).toBe(200);
        const [lot] = await lots(card);
        now = new Date(new Date(lot.expires_at).getTime() + 1000);
        const [, redemption] = await Promise.all([t.app.rewards.sweep(now), redeem(card, rewardId)]);
        const state = await cardState(card);
        expect(state.points).toBeGreaterThanOrEqual(0);
        expect(state.points).toBe(state.ledger);
        // Either the redemption came first (2 left, expired) or the expiry did (nothing left to redeem).
        expect(state.points).toBe(0);
        expect([200, 400]).toContain(redemption.statusCode);
        const expired = (await expiryRows(card)).reduce((n, r) => n + r.points, 0);
        expect(expired).toBe(redemption.statusCode === 200 ? -2 : -10);
      }
    });
  });

  describe('reminders', () => {
    it('reminds N days before, once per lot, on the customer’s channel; STOP skips it', async () => {
      const shop = await newShop({ expiry_months: 2, expiry_reminder_days: 10 });
      const card = await newCard(shop);
      const stopped = await newCard(shop, { phone: '+393335550001' });
      await t.app.messaging.repo.addOptOut(shop, '+393335550001');
      expect((await addPoints(card, 12.5)).statusCode).toBe(200);
      expect((await addPoints(stopped, 3)).statusCode).toBe(200);
      const [lot] = await lots(card);
      const expiresAt = new Date(lot.expires_at);
      now = new Date(expiresAt.getTime() - 11 * DAY);
      await t.app.rewards.sweep(now);
      expect(await jobs(card, 'expiry-reminder:')).toEqual([]);

      now = new Date(expiresAt.getTime() - 9 * DAY);
      const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(expiresAt);
      expect((await t.app.rewards.sweep(now)).reminders).toBe(2);
      expect(await jobs(card, 'expiry-reminder:')).toEqual([
        {
          idempotency_key: `expiry-reminder:${lot.lot_id}`,
          channel: 'whatsapp',
          recipient: '+393335550000',
          body: `Ciao Sara Gialli, 12,5 punti della tua carta Gelateria N. ${shops} scadono il ${day}.`,
          status: 'queued',
          skip_reason: null,
        },
      ]);
      expect(await jobs(stopped, 'expiry-reminder:')).toEqual([expect.objectContaining({ status: 'skipped', skip_reason: 'opt_out' })]);
      now = new Date(expiresAt.getTime() - 2 * DAY);
      expect((await t.app.rewards.sweep(now)).reminders).toBe(0);
      expect(await jobs(card, 'expiry-reminder:')).toHaveLength(1);
    });
  });

  describe('birthdays', () => {
    it('gives the gift once per card per year, with its message, and the bonus trigger still fires', async () => {
      const shop = await newShop({ birthday_points: 50 }, { threshold: 50 });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
      // The greeting is marketing (decision 080): this card agreed to offers.
      const card = await newCard(shop, { birth: `1990-${today.slice(5)}`, consent: true });
      const notToday = await newCard(shop, { birth: '1990-01-01' === `1990-${today.slice(5)}` ? '1990-01-02' : '1990-01-01' });
      const year = today.slice(0, 4);

      expect((await t.app.rewards.sweep(now)).birthdays).toBe(1);
      expect((await t.app.rewards.sweep(now)).birthdays).toBe(0);
      expect(await Promise.all([t.app.rewards.sweep(now), t.app.rewards.sweep(now)])).toEqual([
        expect.objectContaining({ birthdays: 0 }),
        expect.objectContaining({ birthdays: 0 }),
      ]);
      expect(await cardState(card)).toEqual({ points: 50, ledger: 50 });
      expect(await cardState(notToday)).toEqual({ points: 0, ledger: 0 });
      const ledger = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/ledger`, headers: admin })).json();
      expect(ledger).toEqual([expect.objectContaining({ kind: 'birthday', points: 50, description: 'Regalo di compleanno' })]);
      expect(await jobs(card, 'birthday:')).toEqual([
        {
          idempotency_key: `birthday:${card}:${year}`,
          channel: 'whatsapp',
          recipient: '+393335550000',
          body: `Buon compleanno Sara! Gelateria N. ${shops} ti regala 50 punti.`,
          status: 'queued',
          skip_reason: null,
        },
      ]);
      // It leaves at 10:00 Rome on the day (or at once when the sweep runs later), never at night: a sweep after
      // 20:00 (this clock follows the real time of day) holds it for the next morning's 09:00.
      const { rows: due } = await t.app.db.query<{ next_run_at: string; ten: string; released: string }>(
        `SELECT next_run_at, (($2::timestamptz AT TIME ZONE 'Europe/Rome')::date + time '10:00') AT TIME ZONE 'Europe/Rome' AS ten,
                loyalty_quiet_release(business_id, greatest((($2::timestamptz AT TIME ZONE 'Europe/Rome')::date + time '10:00') AT TIME ZONE 'Europe/Rome', $2::timestamptz)) AS released
           FROM messaging_jobs WHERE idempotency_key = $1`,
        [`birthday:${card}:${year}`, now.toISOString()],
      );
      expect(Date.parse(due[0].next_run_at)).toBe(Date.parse(due[0].released));
      const romeHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(now));
      if (romeHour >= 10 && romeHour < 20) expect(Date.parse(due[0].next_run_at)).toBe(now.getTime());
      else expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(due[0].next_run_at))).toMatch(/^(09|10):00$/);
      expect(await jobs(card, 'bonus:')).toEqual([expect.objectContaining({ idempotency_key: `bonus:${card}:50` })]);

      // A year later: again, once.
      now = new Date(now.getTime() + 365 * DAY);
      const nextDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
      if (nextDay.slice(5) === today.slice(5)) {
        expect((await t.app.rewards.sweep(now)).birthdays).toBe(1);
        expect((await cardState(card)).points).toBe(100);
      }
    });

    it('uses the shop’s own message', async () => {
      const shop = await newShop({ birthday_points: 5, birthday_message: 'Auguri {nome}! {punti} punti da {negozio}. {nome}' });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
      const card = await newCard(shop, { birth: `1985-${today.slice(5)}` });
      await t.app.db.query(`UPDATE loyalty_cards SET customer_name = '{punti}' WHERE id = $1`, [card]);
      expect((await t.app.rewards.sweep(now)).birthdays).toBe(1);
      expect((await jobs(card, 'birthday:'))[0].body).toBe(`Auguri {punti}! 5 punti da Gelateria N. ${shops}. {punti}`);
    });

    it('gives the gift without consent, but the greeting is marketing and is skipped (decision 080)', async () => {
      const shop = await newShop({ birthday_points: 5 });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
      const card = await newCard(shop, { birth: `1985-${today.slice(5)}`, consent: false });
      expect((await t.app.rewards.sweep(now)).birthdays).toBe(1);
      expect(await cardState(card)).toEqual({ points: 5, ledger: 5 });
      expect((await jobs(card, 'birthday:')).map((j) => [j.status, j.skip_reason])).toEqual([['skipped', 'no_consent']]);
    });
  });

  describe('scheduled task', () => {
    it('is claimed by one runner at a time and then waits for its interval', async () => {
      // Only this task is due here (the scheduled campaigns' task of migration 036 has its own tests).
      await t.app.db.query(`UPDATE scheduled_tasks SET next_run_at = 'infinity' WHERE name <> 'rewards-sweep'`);
      await t.app.db.query(`UPDATE scheduled_tasks SET next_run_at = now() - interval '1 second', locked_until = NULL WHERE name = 'rewards-sweep'`);
      const runs = await Promise.all([t.app.jobs.scheduler.runDue(), t.app.jobs.scheduler.runDue()]);
      expect(runs.flat()).toEqual(['rewards-sweep']);
      expect(await t.app.jobs.scheduler.runDue()).toEqual([]);
      const { rows } = await t.app.db.query<{ due_in_minutes: number; last_error: string | null; lock_token: string | null }>(
        `SELECT round(extract(epoch FROM next_run_at - now()) / 60)::int AS due_in_minutes, last_error, lock_token FROM scheduled_tasks WHERE name = 'rewards-sweep'`,
      );
      expect(rows).toEqual([{ due_in_minutes: 60, last_error: null, lock_token: null }]);
    });
  });

  describe('ledger rules (property-based)', () => {
    type Op = { kind: 'credit'; cents: number } | { kind: 'take'; cents: number } | { kind: 'redeem'; cost: number } | { kind: 'wait'; days: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), cents: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('take' as const), cents: fc.integer({ min: 1, max: 3000 }) }),
      fc.record({ kind: fc.constant('redeem' as const), cost: fc.constantFrom(5, 12, 30) }),
      fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 40 }) }),
    );

    it('keeps balance = sum(ledger) >= 0 and consumes the lots oldest first, whatever the sequence', async () => {
      const shop = await newShop({ expiry_months: 1 });
      const rewards = new Map<number, string>();
      for (const cost of [5, 12, 30]) rewards.set(cost, await newReward(shop, cost));

      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          now = new Date(now.getTime() + DAY);
          const card = await newCard(shop);
          // The model, in cents: lots oldest first with what is left of each.
          const model: { lot_id: number; cents: number; left: number; expires: number }[] = [];
          const balance = () => model.reduce((n, l) => n + l.left, 0);
          const consume = (cents: number) => {
            for (const lot of model) {
              const used = Math.min(lot.left, cents);
              lot.left -= used;
              cents -= used;
            }
          };
          for (const step of ops) {
            if (step.kind === 'credit') {
              const response = await addPoints(card, step.cents / 100);
              expect(response.statusCode).toBe(200);
              const lot = (await lots(card)).at(-1)!;
              model.push({ lot_id: lot.lot_id, cents: step.cents, left: step.cents, expires: new Date(lot.expires_at).getTime() });
            } else if (step.kind === 'take' || step.kind === 'redeem') {
              const cents = step.kind === 'take' ? step.cents : step.cost * 100;
              const response = step.kind === 'take' ? await addPoints(card, -step.cents / 100) : await redeem(card, rewards.get(step.cost)!);
              if (cents <= balance()) {
                expect(response.statusCode).toBe(200);
                consume(cents);
              } else {
                expect(response.statusCode).toBe(400);
              }
            } else {
              now = new Date(now.getTime() + step.days * DAY);
              await t.app.rewards.sweep(now);
              for (const lot of model) if (lot.expires <= now.getTime()) lot.left = 0;
            }
            const state = await cardState(card);
            expect(state.points).toBeGreaterThanOrEqual(0);
            expect(state.points).toBe(state.ledger);
            expect(Math.round(state.points * 100)).toBe(balance());
            expect((await lots(card)).map((l) => [l.lot_id, Math.round(l.remaining * 100)])).toEqual(model.map((l) => [l.lot_id, l.left]));
          }
          // Each expiry row took what the model says was left of its lot when it expired, once.
          const expired = await expiryRows(card);
          expect(new Set(expired.map((e) => e.lot_id)).size).toBe(expired.length);
        }),
        { numRuns: 25 },
      );
    });
  });

  describe('the scheduler of a running app', () => {
    it('runs the sweep from the start of the app, with the worker, and stops with it', async () => {
      // A day already past, after 10:00 Rome: the birthday message (held until 10:00 on the day, migration 035) is due.
      now = new Date('2025-06-15T10:30:00Z');
      const running = await startTestApp(variant, { seedDemo: false }, { clock: () => now });
      try {
        // The task is due from the migration on: the scheduler started with the app runs it at once.
        const lastRun = async () =>
          (await running.app.db.query<{ last_run_at: string | null }>(`SELECT last_run_at FROM scheduled_tasks WHERE name = 'rewards-sweep'`)).rows[0].last_run_at;
        for (let i = 0; i < 200 && !(await lastRun()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await lastRun()).not.toBeNull();
        const owner = await running.app.repos.users.create({ email: 'gelato@test.it', role: 'admin', full_name: 'Gelato', business_id: null, password_hash: null });
        await running.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, birthday_points) VALUES ('festa', 'Festa', $1, 1, 7)`, [owner!.id]);
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
        const card = await createCard(running.app, 'festa', { name: 'Ugo Blu', phone: '+393335550002', consent: true });
        await running.app.db.query('UPDATE loyalty_cards SET birth_date = $2 WHERE id = $1', [card, `2000-${today.slice(5)}`]);
        // Due again: claimed and run (the running loop polls each minute; here it is called at once).
        await running.app.db.query(`UPDATE scheduled_tasks SET next_run_at = now() - interval '1 second' WHERE name = 'rewards-sweep'`);
        expect(running.app.jobs.scheduler.running).toBe(true);
        expect(await running.app.jobs.scheduler.runDue()).toEqual(['rewards-sweep']);
        const { rows } = await running.app.db.query<{ points: number }>('SELECT points FROM loyalty_cards WHERE id = $1', [card]);
        expect(rows[0].points).toBe(7);
        // The worker sends the birthday message it enqueued.
        const sent = async () => (await running.app.db.query('SELECT 1 FROM outbox_messages WHERE card_id = $1', [card])).rows.length > 0;
        for (let i = 0; i < 100 && !(await sent()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await sent()).toBe(true);
      } finally {
        await running.close();
      }
      expect(running.app.jobs.scheduler.running).toBe(false);
    });
  });
});
