/**
 * Quiet hours (migration 035, decision 077): no marketing or automatic message leaves between 20:00 and 09:00
 * Rome time, or outside the narrower window a shop chose; one that falls inside waits in the queue for the
 * window's start. Service messages are never held. Under the clock the test controls (`app.clock`).
 */
import { createUser, authHeader, startTestApp, type TestApp } from './helpers/app';
import { withStopFooter } from '../src/features/messaging/messages';
import { describeEachDatabase } from './helpers/databases';
import { createCard, FakeDriver } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-silenzio';
const OWNER = { email: 'titolare.silenzio@test.it', password: 'Silenzio2026!' };

describeEachDatabase('quiet hours', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  // Far ahead of the real time, so a held job is not yet due for the worker; moved by each test.
  let now = new Date('2030-01-15T20:00:00Z');
  const driver = new FakeDriver();

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { worker: { enabled: false } } }, { messagingDriver: driver, clock: () => now });
    const owner = await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Silenzio' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, sms_enabled) VALUES ($1, 'Negozio Silenzio', $2, 1)`, [BUSINESS_ID, owner.id]);
    await createCard(t.app, BUSINESS_ID, { name: 'Anna Notte', phone: '+393331300001', consent: true });
    auth = await authHeader(t.app, OWNER.email, OWNER.password);
  });
  afterAll(() => t.close());

  const release = async (at: string, businessId = BUSINESS_ID) =>
    new Date((await t.app.db.query<{ r: string }>('SELECT loyalty_quiet_release($1, $2::timestamptz) AS r', [businessId, at])).rows[0].r).toISOString();

  it('holds until 09:00 Rome, winter and summer time, and leaves a time inside the window as it is', async () => {
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
    expect(sent.json()).toMatchObject({ queued: 1 });
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
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service: 'sms', message: 'Promo del mattino' } });
    const { rows } = await t.app.db.query<{ next_run_at: string }>('SELECT next_run_at FROM messaging_jobs WHERE campaign_id = $1', [id]);
    expect(new Date(rows[0].next_run_at).toISOString()).toBe('2025-03-03T10:00:00.000Z');
    await t.app.messaging.worker.drain();
    // A marketing SMS ends with how to stop them (decision 074).
    expect(driver.messages.map((m) => m.body)).toContain(withStopFooter('Promo del mattino'));
    expect(driver.messages.map((m) => m.body)).not.toContain('Promo notturna');
  });
});
