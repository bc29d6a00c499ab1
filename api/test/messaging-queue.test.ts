/**
 * The durable job queue: a worker killed midway through a 1 000-recipient campaign and started again
 * delivers each message exactly once; failures are retried with backoff; permanent ones are not.
 */
import type { App } from '../src/app';
import { retryDelayMs } from '../src/features/messaging/worker';
import { DEFAULT_WORKER } from '../src/config/messaging';
import { authHeader, createUser, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { consentingCards, createCampaign, FakeDriver, permanent, sendAnswer, transient, waitFor, withHeldUntil } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-coda';
const SUPER = { email: 'super.coda@test.it', password: 'SuperCoda2026!' };

const phone = (i: number) => `+39345${String(i).padStart(7, '0')}`;

async function send(app: App, campaignId: string, auth: { authorization: string }, service = 'sms', message = 'Sconto del 10% questa settimana!') {
  return app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/send`, headers: auth, payload: { service, message } });
}

/** A campaign to these phones, each the contact of a card agreeing to SMS offers (decision 025: a campaign reaches only those). */
async function smsCampaign(app: App, phones: string[]) {
  await consentingCards(app, BUSINESS_ID, phones, ['sms']);
  return createCampaign(app, BUSINESS_ID, phones.map((customer_phone, i) => ({ customer_name: `Cliente ${i}`, customer_phone, email: null })));
}

async function jobStatuses(app: App, campaignId: string) {
  const { rows } = await app.db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM messaging_jobs WHERE campaign_id = $1 GROUP BY status ORDER BY status',
    [campaignId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe('retryDelayMs', () => {
  it('doubles from the base up to the maximum', () => {
    const config = { ...DEFAULT_WORKER, retryBaseMs: 1000, retryMaxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(config, n))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describeEachDatabase('messaging job queue', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  const driver = new FakeDriver();

  beforeAll(async () => {
    t = await startTestApp(
      variant,
      // On the real clock at any hour of CI's day: the campaigns' hold by the quiet hours is quiet-hours.test.ts's (decision 082).
      { messaging: { quietHours: false, worker: { enabled: true, concurrency: 8, leaseMs: 400, pollIntervalMs: 20, retryBaseMs: 5, retryMaxMs: 40, maxAttempts: 4 } } },
      { messagingDriver: driver },
    );
    await createUser(t.app, { ...SUPER, role: 'super_admin' });
    await t.app.db.query(`INSERT INTO businesses (id, name, whatsapp_enabled, sms_enabled, email_enabled) VALUES ($1, 'Negozio Coda', 1, 1, 1)`, [BUSINESS_ID]);
    auth = await authHeader(t.app, SUPER.email, SUPER.password);
  });
  afterAll(async () => {
    driver.release();
    await t.close();
    expect(t.app.messaging.worker.running).toBe(false);
  });
  afterEach(async () => {
    await t.app.messaging.worker.stop();
    driver.release();
    driver.sent.clear();
    driver.calls = 0;
    driver.failWith = () => null;
  });

  it('runs the worker from the start: a campaign goes out without anyone calling it', async () => {
    expect(t.app.messaging.worker.running).toBe(true);
    const campaignId = await smsCampaign(t.app, [phone(9001), phone(9002)]);
    expect((await send(t.app, campaignId, auth)).json()).toMatchObject({ queued: 2 });
    await waitFor(async () => (await jobStatuses(t.app, campaignId)).sent === 2);
    expect(driver.total()).toBe(2);
  });

  it('sends each of 1 000 recipients exactly once although the worker is killed midway and restarted', async () => {
    const campaignId = await smsCampaign(t.app, Array.from({ length: 1000 }, (_, i) => phone(i)));

    const response = await send(t.app, campaignId, auth);
    // The fake stands in for a provider: what a real driver answers ('live').
    expect([response.statusCode, response.json()]).toEqual([200, withHeldUntil(sendAnswer('1.000 messaggi messi in coda', { queued: 1000, mode: 'live' }))]);

    // First life: after 300 messages the provider stops answering; the process is then killed with
    // jobs claimed ('sending') but never completed.
    driver.hangAfter = 300;
    const worker = t.app.messaging.worker;
    worker.start();
    await waitFor(async () => driver.total() >= 300 && (await jobStatuses(t.app, campaignId)).sending > 0);
    worker.kill();
    const afterKill = await jobStatuses(t.app, campaignId);
    expect(afterKill.sent).toBeGreaterThanOrEqual(290);
    expect(afterKill.sending).toBeGreaterThan(0);
    expect(afterKill.sent + afterKill.sending + (afterKill.queued ?? 0)).toBe(1000);

    // A re-sent request (double click, retry by the browser) enqueues nothing new.
    const again = await send(t.app, campaignId, auth);
    expect(again.json()).toMatchObject({ queued: 0, skipped: 0, alreadyEnqueued: 1000 });

    // Second life: the abandoned claims are taken over once their lease runs out.
    driver.release();
    worker.start();
    await waitFor(async () => (await jobStatuses(t.app, campaignId)).sent === 1000);
    await worker.stop();

    expect(driver.sent.size).toBe(1000);
    expect([...driver.sent.values()].every((count) => count === 1)).toBe(true);
    const { rows } = await t.app.db.query<{ recipient: string; n: number }>(
      `SELECT recipient, count(*)::int AS n FROM outbox_messages WHERE campaign_id = $1 GROUP BY recipient HAVING count(*) <> 1`,
      [campaignId],
    );
    expect(rows).toEqual([]);
    const logged = await t.app.db.query<{ n: number; recipients: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT recipient)::int AS recipients FROM outbox_messages WHERE campaign_id = $1 AND status = 'sent' AND driver = 'fake'`,
      [campaignId],
    );
    expect(logged.rows[0]).toEqual({ n: 1000, recipients: 1000 });
    const progress = await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/deliveries`, headers: auth });
    expect(progress.json()).toEqual({ campaignId, total: 1000, queued: 0, sent: 1000, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [], heldUntil: null });
  });

  it('retries transient failures with backoff and records the last error until it succeeds', async () => {
    const campaignId = await smsCampaign(t.app, Array.from({ length: 30 }, (_, i) => phone(5000 + i)));
    const failures = new Map<string, number>();
    // Every third recipient fails twice before it goes through.
    driver.failWith = (message) => {
      const n = Number(message.recipient.slice(-3));
      if (n % 3 !== 0 || (failures.get(message.recipient) ?? 0) >= 2) return null;
      failures.set(message.recipient, (failures.get(message.recipient) ?? 0) + 1);
      return transient();
    };
    expect((await send(t.app, campaignId, auth)).json()).toMatchObject({ queued: 30 });
    t.app.messaging.worker.start();
    await waitFor(async () => (await jobStatuses(t.app, campaignId)).sent === 30);

    expect([...driver.sent.values()]).toEqual(Array(30).fill(1));
    const { rows } = await t.app.db.query<{ attempts: number; n: number; errors: number }>(
      `SELECT attempts, count(*)::int AS n, count(last_error)::int AS errors FROM messaging_jobs WHERE campaign_id = $1 GROUP BY attempts ORDER BY attempts`,
      [campaignId],
    );
    expect(rows).toEqual([
      { attempts: 1, n: 20, errors: 0 },
      { attempts: 3, n: 10, errors: 0 },
    ]);
  });

  it('fails a job for good on a permanent error or after the last attempt, and logs it', async () => {
    const campaignId = await smsCampaign(t.app, [phone(7001), phone(7002), phone(7003)]);
    driver.failWith = (message) => (message.recipient === phone(7001) ? permanent() : message.recipient === phone(7002) ? transient('timeout') : null);
    await send(t.app, campaignId, auth);
    t.app.messaging.worker.start();
    await waitFor(async () => (await jobStatuses(t.app, campaignId)).failed === 2);

    const { rows } = await t.app.db.query(
      'SELECT recipient, status, attempts, last_error FROM messaging_jobs WHERE campaign_id = $1 ORDER BY recipient',
      [campaignId],
    );
    expect(rows).toEqual([
      { recipient: phone(7001), status: 'failed', attempts: 1, last_error: 'numero non valido' },
      { recipient: phone(7002), status: 'failed', attempts: 4, last_error: 'timeout' },
      { recipient: phone(7003), status: 'sent', attempts: 1, last_error: null },
    ]);
    const log = await t.app.db.query('SELECT recipient, status, error FROM outbox_messages WHERE campaign_id = $1 ORDER BY recipient', [campaignId]);
    expect(log.rows).toEqual([
      { recipient: phone(7001), status: 'failed', error: 'numero non valido' },
      { recipient: phone(7002), status: 'failed', error: 'timeout' },
      { recipient: phone(7003), status: 'sent', error: null },
    ]);
    const progress = await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/deliveries`, headers: auth });
    expect(progress.json()).toMatchObject({ total: 3, sent: 1, failed: 2, queued: 0 });
  });

  it('answers the provider error of a connection test with 502, and records it', async () => {
    driver.failWith = () => transient('Twilio: Authenticate (codice 20003)');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/twilio/test-connection',
      headers: auth,
      payload: { businessId: BUSINESS_ID, service: 'whatsapp', testRecipient: '+393331234567' },
    });
    expect([response.statusCode, response.json()]).toEqual([502, { error: 'Errore durante il test di connessione: Twilio: Authenticate (codice 20003)' }]);
    driver.failWith = () => new Error('socket hang up');
    const unexpected = await t.app.inject({
      method: 'POST',
      url: '/api/twilio/test-connection',
      headers: auth,
      payload: { businessId: BUSINESS_ID, service: 'sms', testRecipient: '+393331234567' },
    });
    expect([unexpected.statusCode, unexpected.json()]).toEqual([502, { error: 'Errore durante il test di connessione' }]);
    const { rows } = await t.app.db.query(`SELECT channel, status, driver, error FROM outbox_messages WHERE business_id = $1 AND campaign_id IS NULL ORDER BY id`, [BUSINESS_ID]);
    expect(rows).toEqual([
      { channel: 'whatsapp', status: 'failed', driver: 'fake', error: 'Twilio: Authenticate (codice 20003)' },
      { channel: 'sms', status: 'failed', driver: 'fake', error: 'Error: socket hang up' },
    ]);
  });

  it('stop() (what app.close runs) lets the jobs in hand finish and leaves none half-done', async () => {
    const campaignId = await smsCampaign(t.app, Array.from({ length: 50 }, (_, i) => phone(8000 + i)));
    await send(t.app, campaignId, auth);
    t.app.messaging.worker.start();
    await waitFor(async () => driver.total() > 0, 10_000, 1);
    await t.app.messaging.worker.stop();
    expect(t.app.messaging.worker.running).toBe(false);
    // Nothing is left half-done: every job is either sent or still queued.
    const statuses = await jobStatuses(t.app, campaignId);
    expect(statuses.sending).toBeUndefined();
    expect(statuses.sent + (statuses.queued ?? 0)).toBe(50);
    expect(statuses.sent).toBe(driver.total());
  });
});
