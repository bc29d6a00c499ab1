/**
 * Requests that hold every connection of the pool (a flood, slow queries) must neither stop the background
 * work nor turn into 500s: the job worker and the scheduler claim through connections of their own, and a
 * request that finds no free connection in time is answered 503, in Italian, with `Retry-After`.
 *
 * PostgreSQL only: PGlite is one connection in the process, which every query takes in turn (decision 060).
 */
import pg from 'pg';
import { POOL_SIZES } from '../../src/db/postgres';
import { startTestApp, type TestApp } from '../helpers/app';
import { postgresSkipReason, postgresVariant } from '../helpers/databases';
import { FakeDriver, waitFor } from '../helpers/messaging';

const BUSINESS_ID = 'negozio-connessioni';
const skipReason = postgresSkipReason();
const title = 'requests holding every pooled connection [PostgreSQL]';

(skipReason ? describe.skip : describe)(skipReason ? `${title} [skipped: ${skipReason}]` : title, () => {
  let t: TestApp;
  let observer: pg.Client;
  const driver = new FakeDriver();

  beforeAll(async () => {
    t = await startTestApp(postgresVariant, { messaging: { worker: { enabled: true, pollIntervalMs: 50 } } }, { messagingDriver: driver });
    // Looks at the database from outside the app's pools.
    observer = new pg.Client({ connectionString: t.database.config.kind === 'postgres' ? t.database.config.url : '' });
    await observer.connect();
    await observer.query(`INSERT INTO businesses (id, name, whatsapp_enabled, sms_enabled, email_enabled) VALUES ($1, 'Negozio Connessioni', 1, 1, 1)`, [BUSINESS_ID]);
  });
  afterAll(async () => {
    await observer?.end();
    await t?.close();
  });

  it('still sends queued messages, and answers a request that finds no connection with 503, not 500', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every connection of the requests' pool, each in a transaction that waits.
    const holders = Array.from({ length: POOL_SIZES.requests }, () => t.app.db.transaction(() => held));
    await waitFor(async () => (await observer.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`)).rows[0].n >= POOL_SIZES.requests);
    try {
      await observer.query(
        `INSERT INTO messaging_jobs (business_id, channel, recipient, body, idempotency_key) VALUES ($1, 'sms', '+393451234567', 'Ciao', 'connessioni-1')`,
        [BUSINESS_ID],
      );
      t.app.messaging.worker.wake();
      await waitFor(async () => (await observer.query(`SELECT status FROM messaging_jobs WHERE idempotency_key = 'connessioni-1'`)).rows[0].status === 'sent', 4000);
      expect(driver.total()).toBe(1);

      const started = Date.now();
      const answer = await t.app.inject({ method: 'GET', url: `/api/business/${BUSINESS_ID}` });
      console.log(`a request with every connection held: ${answer.statusCode} after ${Date.now() - started} ms`);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: 'Servizio momentaneamente occupato. Riprova tra poco.' });
      expect(answer.headers['retry-after']).toBe('1');
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/business/${BUSINESS_ID}` })).statusCode).toBe(200);
  }, 30_000);
});
