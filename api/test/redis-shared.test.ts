/**
 * Issue 23, decision 053: with REDIS_URL several API instances share their rate-limit counters and forget a
 * changed user's sessions together; with Redis down the API still answers.
 *
 * Needs Redis at 127.0.0.1:6379 (REDIS_TEST_URL to change it). On a developer machine without it the Redis
 * suites are reported as skipped; under CI an unreachable Redis fails them, like PostgreSQL.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { buildApp, type App } from '../src/app';
import type { AppConfig } from '../src/config';
import { authHeader, createUser, testConfig } from './helpers/app';
import { postgresSkipReason, postgresVariant, type TestDatabase } from './helpers/databases';
import { REDIS_TEST_URL, redisReachable } from './helpers/redis';

const REDIS_URL = REDIS_TEST_URL;
const redisStatus = () => (redisReachable(REDIS_URL) ? 'reachable' : 'unreachable');

const redisSkipReason = (() => {
  if (process.env.CI) return null; // under CI a missing Redis fails the tests below
  return redisStatus() === 'reachable' ? null : `Redis unreachable at ${REDIS_URL}`;
})();
const skipReason = redisSkipReason ?? postgresSkipReason();

const namespace = () => `loyalty-test:${crypto.randomBytes(6).toString('hex')}:`;

async function startApp(database: TestDatabase, overrides: Partial<AppConfig>, logStream?: NodeJS.WritableStream): Promise<App> {
  const app = buildApp(testConfig(database.config, { messaging: { worker: { enabled: false } }, ...overrides }), logStream ? { logStream } : {});
  await app.ready();
  return app;
}

const title = 'two API instances on one PostgreSQL with Redis';
(skipReason ? describe.skip : describe)(skipReason ? `${title} [skipped: ${skipReason}]` : title, () => {
  let database: TestDatabase;
  let a: App;
  let b: App;

  beforeAll(async () => {
    if (process.env.CI && redisStatus() !== 'reachable') throw new Error(`Redis is required when CI is set, but ${REDIS_URL} is unreachable.`);
    database = await postgresVariant.create();
    const redis = { url: REDIS_URL, namespace: namespace() };
    // Cache on: B must really hold the old token to prove it forgets it.
    a = await startApp(database, { redis, loginRateLimitPerMinute: 3 });
    b = await startApp(database, { redis, loginRateLimitPerMinute: 3 });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('share a rate limit: reached through one instance, enforced by the other', async () => {
    await createUser(a, { email: 'limit@test.it', role: 'admin', password: 'Password-123' });
    const login = (app: App) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'limit@test.it', password: 'Password-123' } });
    for (let i = 0; i < 3; i += 1) expect((await login(a)).statusCode).toBe(200);
    const refused = await login(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(a)).statusCode).toBe(429);
  });

  it('forget a changed password everywhere: B rejects the old token it had cached within 1 s', async () => {
    const user = await createUser(a, { email: 'pw@test.it', role: 'admin', password: 'Password-123' });
    // The login limit is spent by the test above (same IP): the session's token is signed directly (a new user's version is 0).
    const token = await a.tokens.sign({ userId: user.id, role: user.role, version: 0 });
    const headers = { authorization: `Bearer ${token}` };
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    expect(b.sessions.size).toBeGreaterThan(0); // B has it cached (5 s without Redis)

    const changed = await a.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers,
      payload: { currentPassword: 'Password-123', newPassword: 'NuovaPassword-456' },
    });
    expect(changed.statusCode).toBe(200);

    const started = Date.now();
    let status = 200;
    while (Date.now() - started < 1000) {
      status = (await b.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    // The new token works on both.
    const fresh = { authorization: `Bearer ${changed.json().token}` };
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: fresh })).statusCode).toBe(200);
  });

  it('forget every session everywhere on clear()', async () => {
    const user = await createUser(a, { email: 'clear@test.it', role: 'admin' });
    const token = await a.tokens.sign({ userId: user.id, role: user.role, version: 0 });
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect(b.sessions.size).toBeGreaterThan(0);
    a.sessions.clear();
    const started = Date.now();
    while (b.sessions.size > 0 && Date.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b.sessions.size).toBe(0);
  });
});

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Redis down', () => {
  it('the API still starts and answers a login and a read, logging one warning without the URL', async () => {
    const database: TestDatabase = { config: { kind: 'pglite', dataDir: null }, drop: async () => undefined };
    const stream = new PassThrough();
    let logs = '';
    stream.on('data', (chunk) => (logs += chunk));
    const url = `redis://:s3cret-redis-pw@127.0.0.1:${await closedPort()}`;
    const app = await startApp(database, { redis: { url, namespace: namespace() }, logLevel: 'warn', loginRateLimitPerMinute: 2 }, stream);
    try {
      await createUser(app, { email: 'down@test.it', role: 'admin', password: 'Password-123' });
      // More logins than the limit: with the counters unreachable the requests go through (skipOnError).
      for (let i = 0; i < 3; i += 1) await authHeader(app, 'down@test.it', 'Password-123');
      const headers = await authHeader(app, 'down@test.it', 'Password-123');
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).json()).toMatchObject({ email: 'down@test.it' });
      // A password change still works (its publish fails quietly) and ends the old token here at once.
      const changed = await app.inject({ method: 'PUT', url: '/api/auth/change-password', headers, payload: { currentPassword: 'Password-123', newPassword: 'NuovaPassword-456' } });
      expect(changed.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
    expect(logs).toMatch(/Redis non raggiungibile/);
    expect(logs).not.toContain('s3cret-redis-pw');
    expect(logs).not.toContain(url);
  }, 30_000);
});
