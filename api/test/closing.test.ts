/**
 * Decision 055 (rolling restarts): an instance that is shutting down answers a request that still reaches it
 * (a kept-alive connection, or the moment between the signal and its socket closing) with a 503 in Italian
 * marked by API_CLOSING_HEADER, never running it, so the /api proxy can send it to another instance.
 */
import { API_CLOSING_HEADER } from '../src/closing';
import { describeEachDatabase } from './helpers/databases';
import { demoAccount, startTestApp, type TestApp } from './helpers/app';

describeEachDatabase('an instance that is shutting down', (variant) => {
  let t: TestApp;
  let release: () => void = () => undefined;
  let closed: Promise<void> | undefined;

  beforeAll(async () => {
    const held = new Promise<void>((resolve) => (release = resolve));
    // A preClose that waits: the app stays "shutting down" with its socket open, long enough to be asked.
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, {}, (app) => app.addHook('preClose', () => held));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    release();
    await closed;
    await t.database.drop();
  });

  it('answers 503 with the header and an Italian sentence instead of running the request', async () => {
    const address = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    const admin = demoAccount('admin');
    const before = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    expect(before.status).toBe(200);
    const { token } = (await before.json()) as { token: string };
    const attemptsBefore = await t.app.db.query(`SELECT count(*)::int AS n FROM points_ledger`);

    closed = t.app.close();
    await new Promise((r) => setTimeout(r, 50));
    const { rows } = await t.app.db.query<{ id: string }>(`SELECT id FROM loyalty_cards ORDER BY card_number LIMIT 1`);
    const during = await fetch(`${base}/api/loyalty-cards/${rows[0].id}/points`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ points: 5, description: 'durante la chiusura' }),
    });
    expect(during.status).toBe(503);
    expect(during.headers.get(API_CLOSING_HEADER)).toBe('1');
    expect(during.headers.get('retry-after')).toBe('1');
    expect(await during.json()).toEqual({ error: 'Il servizio si sta riavviando. Riprova tra qualche secondo.' });
    // Also where a route's own 503 has another shape (/api/health): the same answer, not a 500.
    const health = await fetch(`${base}/api/health`);
    expect([health.status, await health.json()]).toEqual([503, { error: 'Il servizio si sta riavviando. Riprova tra qualche secondo.' }]);
    // Not run: no ledger row written.
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM points_ledger`)).rows).toEqual(attemptsBefore.rows);
  });
});
