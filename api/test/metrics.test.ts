/**
 * GET /api/metrics (decision 087): only with METRICS_TOKEN set, only for a request carrying it; its figures, read
 * back from the Prometheus text format, follow the job queue, the jobs this instance's worker finished (sent, given
 * back for a retry, failed), the scheduled tasks and the drain.
 */
import type { App } from '../src/app';
import { MESSAGES } from '../src/messages';
import { authHeader, createUser, startTestApp, TEST_METRICS_TOKEN, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { consentingCards, createCampaign, FakeDriver, permanent, transient, waitFor } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-metriche';
const SUPER = { email: 'super.metriche@test.it', password: 'SuperMetriche2026!' };
const SCRAPER = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

interface Exposition {
  /** `name{label="value",…}` (labels sorted) → value. */
  samples: Map<string, number>;
  /** name → its `# TYPE`. */
  types: Map<string, string>;
}

/** Reads the Prometheus text exposition format (version 0.0.4): every sample line and every `# TYPE` line. */
function parseExposition(text: string): Exposition {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels = [...(sample[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => `${name}="${value}"`).sort();
    // As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`).
    const word = sample[3].toLowerCase();
    const value = word === 'nan' ? NaN : /^[+-]?inf$/.test(word) ? (word.startsWith('-') ? -Infinity : Infinity) : Number(sample[3]);
    if (Number.isNaN(value) && word !== 'nan') throw new Error(`not a number: ${line}`);
    samples.set(labels.length ? `${sample[1]}{${labels.join(',')}}` : sample[1], value);
  }
  return { samples, types };
}

async function scrape(app: App): Promise<Exposition> {
  const response = await app.inject({ method: 'GET', url: '/api/metrics', headers: SCRAPER });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  return parseExposition(response.body);
}

/** How many jobs of `queue` this instance's workers finished, by outcome (undefined: no such series). */
function finished({ samples }: Exposition, queue: string) {
  const of = (outcome: string) => samples.get(`loyalty_jobs_finished_total{outcome="${outcome}",queue="${queue}"}`);
  return { sent: of('sent'), retried: of('retried'), failed: of('failed') };
}

/** The messaging queue's figures, by name. */
function messagingFigures({ samples }: Exposition) {
  return {
    queued: samples.get('loyalty_jobs{queue="messaging",status="queued"}'),
    sending: samples.get('loyalty_jobs{queue="messaging",status="sending"}'),
    due: samples.get('loyalty_jobs_due{queue="messaging"}'),
    oldestDue: samples.get('loyalty_jobs_oldest_due_age_seconds{queue="messaging"}'),
  };
}

describeEachDatabase('GET /api/metrics', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  const driver = new FakeDriver();

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { quietHours: false, worker: { enabled: false } } }, { messagingDriver: driver });
    await createUser(t.app, { ...SUPER, role: 'super_admin' });
    await t.app.db.query(`INSERT INTO businesses (id, name, whatsapp_enabled, sms_enabled, email_enabled) VALUES ($1, 'Negozio Metriche', 1, 1, 1)`, [BUSINESS_ID]);
    auth = await authHeader(t.app, SUPER.email, SUPER.password);
  });
  afterAll(() => t.close());

  it('does not exist without METRICS_TOKEN: 404 as any unknown route, token or not', async () => {
    const off = await startTestApp(variant, { metricsToken: null });
    try {
      for (const headers of [{}, SCRAPER]) {
        const response = await off.app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect([response.statusCode, response.json()]).toEqual([404, { error: MESSAGES.notFound }]);
      }
    } finally {
      await off.close();
    }
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: `Bearer ${TEST_METRICS_TOKEN.slice(0, -1)}x` }],
    ['a longer token', { authorization: `Bearer ${TEST_METRICS_TOKEN}x` }],
    ['the token under another scheme', { authorization: `Basic ${TEST_METRICS_TOKEN}` }],
    ['a user session', 'session'],
  ])('answers 401 with the Italian error to %s', async (_what, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: headers === 'session' ? auth : headers });
    expect([response.statusCode, response.json()]).toEqual([401, { error: MESSAGES.metricsTokenInvalid }]);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it("reports Node's process figures and this instance's lines", async () => {
    const { samples, types } = await scrape(t.app);
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(samples.get('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samples.get('loyalty_password_hash_waiting')).toBe(0);
    expect(samples.get('loyalty_instance_draining')).toBe(0);
    // No Apple Wallet in this app: no signing line to report.
    expect(samples.has('loyalty_pass_signing_waiting')).toBe(false);
    for (const queue of ['messaging', 'wallet-push', 'wallet-google']) {
      expect([queue, samples.get(`loyalty_jobs{queue="${queue}",status="queued"}`)]).toEqual([queue, expect.any(Number)]);
    }
    // The finished jobs' series of each queue this app runs exist before any job finished (a rate of failures is
    // defined from the start); no wallet in this app, so no wallet series.
    expect(types.get('loyalty_jobs_finished_total')).toBe('counter');
    expect(finished({ samples, types }, 'messaging')).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(finished({ samples, types }, 'wallet-push')).toEqual({ sent: undefined, retried: undefined, failed: undefined });
  });

  it('follows the messaging queue: queued when a campaign is sent, due or deferred, sending, gone once sent', async () => {
    const before = messagingFigures(await scrape(t.app));
    expect(before).toEqual({ queued: 0, sending: 0, due: 0, oldestDue: 0 });

    const phones = ['+393450000101', '+393450000102', '+393450000103'];
    await consentingCards(t.app, BUSINESS_ID, phones, ['sms']);
    const campaignId = await createCampaign(t.app, BUSINESS_ID, phones.map((customer_phone) => ({ customer_phone })));
    const send = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/send`, headers: auth, payload: { service: 'sms', message: 'Sconto del 10%' } });
    expect(send.json()).toMatchObject({ queued: 3 });
    const queued = messagingFigures(await scrape(t.app));
    expect(queued).toMatchObject({ queued: 3, sending: 0, due: 3 });
    expect(queued.oldestDue).toBeGreaterThanOrEqual(0);
    expect(queued.oldestDue).toBeLessThan(60);

    // One due for 90 s (workers behind), one deferred by an hour (a backoff, the quiet hours), one held by a worker.
    const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM messaging_jobs WHERE campaign_id = $1 ORDER BY id', [campaignId]);
    await t.app.db.query("UPDATE messaging_jobs SET next_run_at = now() - interval '90 seconds' WHERE id = $1", [rows[0].id]);
    await t.app.db.query("UPDATE messaging_jobs SET next_run_at = now() + interval '1 hour' WHERE id = $1", [rows[1].id]);
    await t.app.db.query("UPDATE messaging_jobs SET status = 'sending', locked_until = now() + interval '1 minute', lock_token = 'altra-istanza' WHERE id = $1", [rows[2].id]);
    const behind = messagingFigures(await scrape(t.app));
    expect(behind).toMatchObject({ queued: 2, sending: 1, due: 1 });
    expect(behind.oldestDue).toBeGreaterThanOrEqual(90);
    expect(behind.oldestDue).toBeLessThan(150);

    // The worker sends the due one; the deferred one waits, the held one is another instance's.
    expect(await t.app.messaging.worker.drain()).toBe(1);
    expect(driver.total()).toBe(1);
    expect(messagingFigures(await scrape(t.app))).toEqual({ queued: 1, sending: 1, due: 0, oldestDue: 0 });
  });

  it("counts the jobs this instance's worker finished: one sent, one given back for a retry, one failed for good", async () => {
    const before = finished(await scrape(t.app), 'messaging');
    const phones = ['+393450000201', '+393450000202', '+393450000203'];
    await consentingCards(t.app, BUSINESS_ID, phones, ['sms']);
    const campaignId = await createCampaign(t.app, BUSINESS_ID, phones.map((customer_phone) => ({ customer_phone })));
    const send = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/send`, headers: auth, payload: { service: 'sms', message: 'Doppi punti oggi' } });
    expect(send.json()).toMatchObject({ queued: 3 });
    // The second number's operator is out for now (tried again after the backoff), the third's number does not exist.
    driver.failWith = (message) => (message.recipient === phones[1] ? transient() : message.recipient === phones[2] ? permanent() : null);
    try {
      expect(await t.app.messaging.worker.drain()).toBe(3);
    } finally {
      driver.failWith = () => null;
    }
    const { rows } = await t.app.db.query<{ recipient: string; status: string }>('SELECT recipient, status FROM messaging_jobs WHERE campaign_id = $1 ORDER BY recipient', [
      campaignId,
    ]);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'queued', 'failed']);
    const after = finished(await scrape(t.app), 'messaging');
    expect({ sent: after.sent! - before.sent!, retried: after.retried! - before.retried!, failed: after.failed! - before.failed! }).toEqual({ sent: 1, retried: 1, failed: 1 });

    // A job whose lease another worker took over is that worker's to count: this one's late answer counts nothing.
    await t.app.db.query("UPDATE messaging_jobs SET next_run_at = now() WHERE campaign_id = $1 AND status = 'queued'", [campaignId]);
    driver.hangAfter = driver.total();
    const calls = driver.calls;
    const late = t.app.messaging.worker.drain();
    await waitFor(async () => driver.calls > calls);
    await t.app.db.query("UPDATE messaging_jobs SET lock_token = 'altra-istanza' WHERE campaign_id = $1 AND status = 'sending'", [campaignId]);
    driver.release();
    await late;
    expect(finished(await scrape(t.app), 'messaging')).toEqual(after);
  });

  it('counts the scheduled tasks due for longer than one scheduler poll that nobody holds', async () => {
    const pollSeconds = t.app.jobs.config.schedulerPollIntervalMs / 1000;
    await t.app.db.query("UPDATE scheduled_tasks SET next_run_at = now() + interval '1 hour', locked_until = NULL");
    let { samples } = await scrape(t.app);
    expect([samples.get('loyalty_scheduled_tasks_overdue'), samples.get('loyalty_scheduled_tasks_oldest_overdue_seconds')]).toEqual([0, 0]);

    const { rows } = await t.app.db.query<{ name: string }>('SELECT name FROM scheduled_tasks ORDER BY name LIMIT 2');
    expect(rows).toHaveLength(2);
    await t.app.db.query("UPDATE scheduled_tasks SET next_run_at = now() - ($2 + 600) * interval '1 second' WHERE name = $1", [rows[0].name, pollSeconds]);
    // Due as long, but held by an instance running it: not overdue.
    await t.app.db.query("UPDATE scheduled_tasks SET next_run_at = now() - ($2 + 600) * interval '1 second', locked_until = now() + interval '5 minutes' WHERE name = $1", [
      rows[1].name,
      pollSeconds,
    ]);
    ({ samples } = await scrape(t.app));
    expect(samples.get('loyalty_scheduled_tasks_overdue')).toBe(1);
    expect(samples.get('loyalty_scheduled_tasks_oldest_overdue_seconds')).toBeGreaterThanOrEqual(pollSeconds + 600);
    expect(samples.get('loyalty_scheduled_tasks_oldest_overdue_seconds')).toBeLessThan(pollSeconds + 660);
  });

  it('says when the instance is leaving (its health check answers «riavvio», the metrics are still served)', async () => {
    t.app.startLeaving();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect((await scrape(t.app)).samples.get('loyalty_instance_draining')).toBe(1);
  });
});
