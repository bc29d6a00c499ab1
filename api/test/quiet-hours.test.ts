/**
 * Quiet hours (migration 035, decision 077): no marketing or automatic message leaves between 20:00 and 09:00
 * Rome time, or outside the narrower window a shop chose; one that falls inside waits in the queue for the
 * window's start. Service messages are never held. Under the clock the test controls (`app.clock`).
 */
import { createUser, authHeader, startTestApp, type TestApp } from './helpers/app';
import { withStopFooter } from '../src/features/messaging/messages';
import { enqueueMessage } from '../src/features/messaging/enqueue';
import { describeEachDatabase } from './helpers/databases';
import { createCard, FakeDriver, transient } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-silenzio';
const OWNER = { email: 'titolare.silenzio@test.it', password: 'Silenzio2026!' };

describeEachDatabase('quiet hours', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  // Far ahead of the real time, so a held job is not yet due for the worker; moved by each test.
  let now = new Date('2030-01-15T20:00:00Z');
  const driver = new FakeDriver();

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { quietHours: true, worker: { enabled: false } } }, { messagingDriver: driver, clock: () => now });
    const owner = await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Silenzio' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, sms_enabled) VALUES ($1, 'Negozio Silenzio', $2, 1)`, [BUSINESS_ID, owner.id]);
    await createCard(t.app, BUSINESS_ID, { name: 'Anna Notte', phone: '+393331300001', consent: true });
    auth = await authHeader(t.app, OWNER.email, OWNER.password);
  });
  afterAll(() => t.close());

  const release = async (at: string, businessId = BUSINESS_ID) =>
    new Date((await t.app.db.query<{ r: string }>('SELECT loyalty_quiet_release($1, $2::timestamptz) AS r', [businessId, at])).rows[0].r).toISOString();

  it('holds until 09:00 Rome, winter and summer time, and leaves a time inside the window as it is', async () => {
    // The deployment's switch, on by default (QUIET_HOURS, decision 082).
    expect((await t.app.db.query('SELECT quiet_hours FROM platform_settings')).rows).toEqual([{ quiet_hours: true }]);
    expect(await release('2030-01-15T20:00:00Z')).toBe('2030-01-16T08:00:00.000Z'); // 21:00 CET → 09:00 the next day
    expect(await release('2030-01-15T06:59:00Z')).toBe('2030-01-15T08:00:00.000Z'); // 07:59 → 09:00 the same day
    expect(await release('2030-01-15T08:00:00Z')).toBe('2030-01-15T08:00:00.000Z'); // 09:00: open
    expect(await release('2030-01-15T18:59:59Z')).toBe('2030-01-15T18:59:59.000Z'); // 19:59:59: still open
    expect(await release('2030-07-10T18:00:00Z')).toBe('2030-07-11T07:00:00.000Z'); // 20:00 CEST → 09:00 CEST
    // A shop without messaging settings has the default window.
    expect(await release('2030-01-15T20:00:00Z', 'no-such-shop')).toBe('2030-01-16T08:00:00.000Z');
    expect(await release('2030-01-15T12:00:00Z', 'no-such-shop')).toBe('2030-01-15T12:00:00.000Z');
  });

  it('lets a shop narrow its window, never widen it', async () => {
    await t.app.db.query(`INSERT INTO businesses (id, name) VALUES ('test-negozio-stretto', 'Stretto')`);
    await t.app.db.query(`INSERT INTO messaging_settings (business_id, send_from, send_until) VALUES ('test-negozio-stretto', 10, 18)`);
    expect(await release('2030-01-15T08:30:00Z', 'test-negozio-stretto')).toBe('2030-01-15T09:00:00.000Z'); // 09:30 → 10:00
    expect(await release('2030-01-15T17:00:00Z', 'test-negozio-stretto')).toBe('2030-01-16T09:00:00.000Z'); // 18:00 → 10:00 the next day
    await expect(t.app.db.query(`UPDATE messaging_settings SET send_from = 8 WHERE business_id = 'test-negozio-stretto'`)).rejects.toThrow(/messaging_settings_send_window/);
    await expect(t.app.db.query(`UPDATE messaging_settings SET send_until = 21 WHERE business_id = 'test-negozio-stretto'`)).rejects.toThrow(/messaging_settings_send_window/);
  });

  it('lets the owner narrow the window in the messaging settings, refusing a wider or empty one in Italian', async () => {
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${BUSINESS_ID}`, headers: auth, payload });
    const get = async () => (await t.app.inject({ method: 'GET', url: `/api/twilio/settings?businessId=${BUSINESS_ID}`, headers: auth })).json();
    expect(await get()).toMatchObject({ sendFrom: 9, sendUntil: 20 });
    for (const bad of [{ sendFrom: 8 }, { sendUntil: 21 }, { sendFrom: 15, sendUntil: 12 }, { sendFrom: 19.5 }]) {
      const res = await put(bad);
      expect([res.statusCode, res.json().error]).toEqual([400, expect.stringMatching(/orario di invio/i)]);
    }
    expect(await get()).toMatchObject({ sendFrom: 9, sendUntil: 20 });
    expect((await put({ sendFrom: 10, sendUntil: 19 })).statusCode).toBe(200);
    expect(await get()).toMatchObject({ sendFrom: 10, sendUntil: 19 });
    expect(await release('2030-01-15T08:30:00Z')).toBe('2030-01-15T09:00:00.000Z'); // 09:30 → 10:00
    // Only the start given: checked against the stored end.
    expect((await put({ sendFrom: 19 })).statusCode).toBe(400);
    expect((await put({ sendFrom: 9, sendUntil: 20 })).statusCode).toBe(200);
  });

  it('holds a campaign sent at 21:00 until 09:00, while a service message leaves at once', async () => {
    now = new Date('2030-01-15T20:00:00Z');
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: BUSINESS_ID, name: 'Notturna', segment: { kind: 'all' }, channels: ['sms'] } });
    const id = created.json<{ id: string }>().id;
    const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: 'Promo notturna' } });
    // The answer says when they leave, as the job's due time (decision 100).
    expect(sent.json()).toMatchObject({ queued: 1, heldUntil: '2030-01-16T08:00:00.000Z' });
    const { rows } = await t.app.db.query<{ status: string; next_run_at: string }>('SELECT status, next_run_at FROM messaging_jobs WHERE campaign_id = $1', [id]);
    expect(rows.map((r) => [r.status, new Date(r.next_run_at).toISOString()])).toEqual([['queued', '2030-01-16T08:00:00.000Z']]);

    // A service message (an access link, the welcome) is never held.
    await t.app.messaging.repo.enqueueOne({ businessId: BUSINESS_ID, cardId: null, channel: 'sms', recipient: '+393331300001', body: 'Il tuo link', idempotencyKey: 'quiet-test:service' });
    await t.app.messaging.worker.drain();
    expect(driver.messages.map((m) => m.body)).toEqual(['Il tuo link']);
  });

  it('sends a campaign at once inside the window', async () => {
    now = new Date('2025-03-03T10:00:00Z'); // 11:00 Rome, already past: due now
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: BUSINESS_ID, name: 'Mattina', segment: { kind: 'all' }, channels: ['sms'] } });
    const id = created.json<{ id: string }>().id;
    const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: 'Promo del mattino' } });
    expect(sent.json()).toMatchObject({ queued: 1, heldUntil: null });
    const { rows } = await t.app.db.query<{ next_run_at: string }>('SELECT next_run_at FROM messaging_jobs WHERE campaign_id = $1', [id]);
    expect(new Date(rows[0].next_run_at).toISOString()).toBe('2025-03-03T10:00:00.000Z');
    await t.app.messaging.worker.drain();
    // A marketing SMS ends with how to stop them (decision 074).
    expect(driver.messages.map((m) => m.body)).toContain(withStopFooter('Promo del mattino'));
    expect(driver.messages.map((m) => m.body)).not.toContain('Promo notturna');
  });

  it('answers when a held send leaves: its shop’s window start, that day or the next; nothing when nothing waits (decision 100)', async () => {
    const shop = 'test-negozio-dieci';
    const owner = (await t.app.db.query<{ owner_id: string }>('SELECT owner_id FROM businesses WHERE id = $1', [BUSINESS_ID])).rows[0].owner_id;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, sms_enabled) VALUES ($1, 'Apre alle dieci', $2, 1)`, [shop, owner]);
    await t.app.db.query(`INSERT INTO messaging_settings (business_id, send_from, send_until) VALUES ($1, 10, 19)`, [shop]);
    await createCard(t.app, shop, { name: 'Dora Dieci', phone: '+393331300004', consent: true });
    const send = async (name: string, at: string) => {
      now = new Date(at);
      const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: shop, name, segment: { kind: 'all' }, channels: ['sms'] } });
      const id = created.json<{ id: string }>().id;
      const res = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: name } });
      expect(res.statusCode).toBe(200);
      return { id, answer: res.json<{ queued: number; heldUntil: string | null }>() };
    };
    // 08:30 Rome (winter): before the shop's 10:00 start, the same day.
    const early = await send('Presto', '2030-01-15T07:30:00Z');
    expect(early.answer).toMatchObject({ queued: 1, heldUntil: '2030-01-15T09:00:00.000Z' });
    // 19:30 Rome (summer): after its 19:00 end, 10:00 the next day.
    const late = await send('Tardi', '2030-07-10T17:30:00Z');
    expect(late.answer).toMatchObject({ queued: 1, heldUntil: '2030-07-11T08:00:00.000Z' });
    // The answer is the jobs' due time.
    const { rows } = await t.app.db.query<{ next_run_at: string }>('SELECT next_run_at FROM messaging_jobs WHERE campaign_id = $1', [late.id]);
    expect(rows.map((r) => new Date(r.next_run_at).toISOString())).toEqual([late.answer.heldUntil]);
    // The same campaign again (a retry after a lost answer) queues nothing; its message still waits, and the answer says until when.
    const sendAgain = () => t.app.inject({ method: 'POST', url: `/api/campaigns/${late.id}/send`, headers: auth, payload: { service: 'sms', message: 'Tardi' } });
    expect((await sendAgain()).json()).toEqual(
      expect.objectContaining({
        message: 'Nessun messaggio inviato: 1 destinatario ha già questa campagna in coda su questo canale',
        queued: 0,
        alreadyEnqueued: 1,
        heldUntil: late.answer.heldUntil,
      }),
    );
    // Once it has left, nothing waits: nothing to say, even outside the window.
    await t.app.db.query(`UPDATE messaging_jobs SET status = 'sent' WHERE campaign_id = $1`, [late.id]);
    expect((await sendAgain()).json()).toMatchObject({
      message: 'Nessun messaggio inviato: 1 destinatario aveva già ricevuto questa campagna su questo canale',
      queued: 0,
      alreadyEnqueued: 1,
      heldUntil: null,
    });
  });

  it('says in a held campaign’s delivery figures when its queued messages leave, until the window opens (decision 100)', async () => {
    const shop = 'test-negozio-attesa';
    const owner = (await t.app.db.query<{ owner_id: string }>('SELECT owner_id FROM businesses WHERE id = $1', [BUSINESS_ID])).rows[0].owner_id;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, sms_enabled) VALUES ($1, 'Attesa', $2, 1)`, [shop, owner]);
    await createCard(t.app, shop, { name: 'Ada Attesa', phone: '+393331300005', consent: true });
    await createCard(t.app, shop, { name: 'Elio Attesa', phone: '+393331300006', consent: true });
    now = new Date('2030-02-05T21:30:00Z'); // 22:30 Rome
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: shop, name: 'In attesa', segment: { kind: 'all' }, channels: ['sms'] } });
    const id = created.json<{ id: string }>().id;
    const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: 'In attesa' } });
    expect(sent.json()).toMatchObject({ queued: 2, heldUntil: '2030-02-06T08:00:00.000Z' });
    const deliveries = async (query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/deliveries${query}`, headers: auth });
      expect(res.statusCode).toBe(200);
      return res.json<{ queued: number; heldUntil: string | null }>();
    };
    // All night the figures say what the send said: the jobs' due time.
    expect(await deliveries()).toMatchObject({ total: 2, queued: 2, sent: 0, heldUntil: sent.json().heldUntil });
    expect(await deliveries('?channel=sms')).toMatchObject({ queued: 2, heldUntil: '2030-02-06T08:00:00.000Z' });
    expect(await deliveries('?channel=whatsapp')).toMatchObject({ total: 0, queued: 0, heldUntil: null });
    now = new Date('2030-02-06T07:59:00Z'); // 08:59
    expect(await deliveries()).toMatchObject({ queued: 2, heldUntil: '2030-02-06T08:00:00.000Z' });
    // 09:00: the window is open, the messages are due; nothing held to tell.
    now = new Date('2030-02-06T08:00:00Z');
    expect(await deliveries()).toMatchObject({ queued: 2, heldUntil: null });
    // Inside the window a queued message due later (a retry's backoff) is no hold of the sending hours.
    await t.app.db.query(`UPDATE messaging_jobs SET next_run_at = '2030-02-06T09:05:00Z' WHERE campaign_id = $1`, [id]);
    now = new Date('2030-02-06T09:00:00Z');
    expect(await deliveries()).toMatchObject({ queued: 2, heldUntil: null });
    // Back outside the window: the earliest of the queued ones; none while one is being sent.
    await t.app.db.query(`UPDATE messaging_jobs SET next_run_at = CASE WHEN recipient = '+393331300005' THEN '2030-02-07T08:00:00Z'::timestamptz ELSE '2030-02-08T08:00:00Z'::timestamptz END WHERE campaign_id = $1`, [id]);
    now = new Date('2030-02-06T20:00:00Z'); // 21:00
    expect(await deliveries()).toMatchObject({ queued: 2, heldUntil: '2030-02-07T08:00:00.000Z' });
    await t.app.db.query(`UPDATE messaging_jobs SET status = 'sending' WHERE campaign_id = $1 AND recipient = '+393331300005'`, [id]);
    expect(await deliveries()).toMatchObject({ queued: 2, heldUntil: null });
    await t.app.db.query(`UPDATE messaging_jobs SET status = 'queued' WHERE campaign_id = $1`, [id]);
  });

  it('tells Easy SMS when its WhatsApp held by the sending hours leaves, and nothing inside the window (decision 100)', async () => {
    const shop = 'test-negozio-whatsapp';
    const owner = (await t.app.db.query<{ owner_id: string }>('SELECT owner_id FROM businesses WHERE id = $1', [BUSINESS_ID])).rows[0].owner_id;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled) VALUES ($1, 'WhatsApp serale', $2, 1)`, [shop, owner]);
    const card = await createCard(t.app, shop, { name: 'Gino Sera', phone: '+393331300007', consent: ['whatsapp'] });
    const send = (message: string, key: string) =>
      t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/send-whatsapp`, headers: { ...auth, 'idempotency-key': key }, payload: { message } });
    now = new Date('2030-03-05T20:00:00Z'); // 21:00 Rome
    const late = await send('Domani sconto', 'sera-1');
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ queued: 1, alreadyEnqueued: 0, heldUntil: '2030-03-06T08:00:00.000Z' });
    // The answer is the job's due time.
    const { rows } = await t.app.db.query<{ next_run_at: string }>('SELECT next_run_at FROM messaging_jobs WHERE card_id = $1', [card]);
    expect(rows.map((r) => new Date(r.next_run_at).toISOString())).toEqual(['2030-03-06T08:00:00.000Z']);
    // The same key again (a retry after a timeout) queues nothing, and says when the one waiting in the queue leaves.
    expect((await send('Domani sconto', 'sera-1')).json()).toMatchObject({ queued: 0, alreadyEnqueued: 1, heldUntil: '2030-03-06T08:00:00.000Z' });
    now = new Date('2030-03-06T10:00:00Z'); // 11:00: inside the window, it leaves at once
    expect((await send('Sconto oggi', 'mattina-1')).json()).toMatchObject({ queued: 1, heldUntil: null });
    // Without consent nothing is queued, and nothing is held.
    const noConsent = await createCard(t.app, shop, { name: 'Nina Niente', phone: '+393331300008', consent: false });
    now = new Date('2030-03-05T20:00:00Z');
    const refused = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${noConsent}/send-whatsapp`, headers: auth, payload: { message: 'Ciao' } });
    expect(refused.json()).toMatchObject({ queued: 0, skippedByReason: { noConsent: 1 }, heldUntil: null });
  });

  /**
   * A shop whose window leaves out the real time's Rome hour (the bonus trigger and the worker's retries use the
   * database's now()): its held messages wait for the window's start.
   */
  async function shopClosedNow(id: string): Promise<string> {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const [from, until] = hour === 9 ? [10, 11] : [9, 10];
    const owner = (await t.app.db.query<{ owner_id: string }>('SELECT owner_id FROM businesses WHERE id = $1', [BUSINESS_ID])).rows[0].owner_id;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, sms_enabled, bonus_threshold) VALUES ($1, 'Chiuso ora', $2, 1, 1, 100)`, [id, owner]);
    await t.app.db.query(`INSERT INTO messaging_settings (business_id, send_from, send_until) VALUES ($1, $2, $3)`, [id, from, until]);
    return id;
  }
  const romeHourMinute = (at: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));

  it('holds the bonus WhatsApp like every automatic message (decision 080)', async () => {
    const shop = await shopClosedNow('test-negozio-bonus-chiuso');
    const card = await createCard(t.app, shop, { name: 'Bea Bonus', phone: '+393331300002', consent: false });
    await t.app.db.query('UPDATE loyalty_cards SET points = 150 WHERE id = $1', [card]);
    const { rows } = await t.app.db.query<{ status: string; next_run_at: string; created_at: string; quiet: boolean; window: { send_from: number } }>(
      `SELECT j.status, j.next_run_at, j.created_at, j.quiet, (SELECT row_to_json(s) FROM (SELECT send_from FROM messaging_settings WHERE business_id = j.business_id) s) AS window
         FROM messaging_jobs j WHERE j.card_id = $1`,
      [card],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'queued', quiet: true });
    expect(new Date(rows[0].next_run_at).getTime()).toBeGreaterThan(new Date(rows[0].created_at).getTime());
    expect(romeHourMinute(rows[0].next_run_at)).toBe(`${String(rows[0].window.send_from).padStart(2, '0')}:00`);
  });

  it('holds a marketing job’s retry that falls inside the quiet hours, not a service message’s (decision 080)', async () => {
    const shop = await shopClosedNow('test-negozio-riprova');
    await createCard(t.app, shop, { name: 'Rita Riprova', phone: '+393331300003', consent: true });
    now = new Date('2025-03-03T09:30:00Z'); // in the past: due for the worker at once, whatever the window
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: shop, name: 'Riprova', segment: { kind: 'all' }, channels: ['sms'] } });
    const id = created.json<{ id: string }>().id;
    await t.app.db.query(`UPDATE messaging_settings SET send_from = 9, send_until = 20 WHERE business_id = $1`, [shop]);
    expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: 'Riprova' } })).json()).toMatchObject({ queued: 1 });
    await t.app.messaging.repo.enqueueOne({ businessId: shop, cardId: null, channel: 'sms', recipient: '+393331300003', body: 'Servizio', idempotencyKey: 'quiet-test:retry-service' });
    // The window closes again before the retry comes due.
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const [from, until] = hour === 9 ? [10, 11] : [9, 10];
    await t.app.db.query(`UPDATE messaging_settings SET send_from = $2, send_until = $3 WHERE business_id = $1`, [shop, from, until]);
    driver.failWith = (message) => (message.recipient === '+393331300003' ? transient() : null);
    try {
      await t.app.messaging.worker.drain();
    } finally {
      driver.failWith = () => null;
    }
    const { rows } = await t.app.db.query<{ key: string; status: string; next_run_at: string; quiet: boolean }>(
      `SELECT idempotency_key AS key, status, next_run_at, quiet FROM messaging_jobs WHERE business_id = $1 ORDER BY id`,
      [shop],
    );
    expect(rows.map((r) => [r.status, r.quiet])).toEqual([['queued', true], ['queued', false]]);
    expect(romeHourMinute(rows[0].next_run_at)).toBe(`${String(from).padStart(2, '0')}:00`);
    expect(new Date(rows[0].next_run_at).getTime()).toBeGreaterThan(Date.now());
    // The service message's retry is the backoff's alone: well within the hour.
    expect(new Date(rows[1].next_run_at).getTime() - Date.now()).toBeLessThan(3_600_000);
  });
});

describeEachDatabase('quiet hours switched off for the deployment (QUIET_HOURS=false, decision 082)', (variant) => {
  let t: TestApp;
  const now = new Date('2030-01-15T20:00:00Z'); // 21:00 Rome: inside the quiet hours

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { quietHours: false, worker: { enabled: false } } }, { messagingDriver: new FakeDriver(), clock: () => now });
  });
  afterAll(() => t.close());

  it('lets a campaign sent at 21:00 leave at once', async () => {
    expect((await t.app.db.query('SELECT quiet_hours FROM platform_settings')).rows).toEqual([{ quiet_hours: false }]);
    const owner = await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Silenzio' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, sms_enabled) VALUES ($1, 'Negozio Silenzio', $2, 1)`, [BUSINESS_ID, owner.id]);
    await createCard(t.app, BUSINESS_ID, { name: 'Anna Notte', phone: '+393331300001', consent: true });
    const auth = await authHeader(t.app, OWNER.email, OWNER.password);
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: BUSINESS_ID, name: 'Notturna', segment: { kind: 'all' }, channels: ['sms'] } });
    const id = created.json<{ id: string }>().id;
    expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: 'Promo notturna' } })).json()).toMatchObject({ queued: 1, heldUntil: null });
    const { rows } = await t.app.db.query<{ next_run_at: string }>('SELECT next_run_at FROM messaging_jobs WHERE campaign_id = $1', [id]);
    expect(rows.map((r) => new Date(r.next_run_at).toISOString())).toEqual(['2030-01-15T20:00:00.000Z']);
    // Nor do its delivery figures say it waits, nor Easy SMS.
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/deliveries`, headers: auth })).json()).toMatchObject({ queued: 1, heldUntil: null });
    await t.app.db.query('UPDATE businesses SET whatsapp_enabled = 1 WHERE id = $1', [BUSINESS_ID]);
    const card = (await t.app.db.query<{ id: string }>('SELECT id FROM loyalty_cards WHERE business_id = $1', [BUSINESS_ID])).rows[0].id;
    const whatsapp = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/send-whatsapp`, headers: auth, payload: { message: 'Promo serale' } });
    expect(whatsapp.json()).toMatchObject({ queued: 1, heldUntil: null });
  });

  it('lets a message held until 10:00 (a birthday greeting) leave at once too', async () => {
    const card = await createCard(t.app, BUSINESS_ID, { name: 'Bruno Compleanno', phone: '+393331300002', consent: true });
    const at = new Date('2030-01-15T23:30:00Z'); // 00:30 Rome: the greeting would wait for 10:00
    const job = await enqueueMessage(t.app.db, { cardId: card, body: 'Auguri!', idempotencyKey: 'birthday:spento', held: { at, notBeforeHour: 10 }, marketingConsent: true });
    expect(job).toMatchObject({ status: 'queued' });
    const { rows } = await t.app.db.query<{ next_run_at: string }>('SELECT next_run_at FROM messaging_jobs WHERE id = $1', [job!.id]);
    expect(rows.map((r) => new Date(r.next_run_at).toISOString())).toEqual([at.toISOString()]);
  });
});
