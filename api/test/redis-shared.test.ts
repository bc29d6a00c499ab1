/**
 * Decision 053: with REDIS_URL several API instances share their rate-limit counters and forget a
 * changed user's sessions together; with Redis down the API still answers.
 *
 * Needs Redis at 127.0.0.1:6379 (REDIS_TEST_URL to change it). On a developer machine without it the Redis
 * suites are reported as skipped; under CI an unreachable Redis fails them, like PostgreSQL.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import Redis from 'ioredis';
import { PassThrough } from 'node:stream';
import { buildApp, type App } from '../src/app';
import type { AppConfig } from '../src/config';
import { authHeader, createUser, login, testConfig } from './helpers/app';
import { pgliteConfig, postgresSkipReason, postgresVariant, type TestDatabase } from './helpers/databases';
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
  it('the API still starts, answers a login and a read and keeps its limits by itself, logging one warning without the URL', async () => {
    const database: TestDatabase = { config: pgliteConfig(null), drop: async () => undefined };
    const stream = new PassThrough();
    let logs = '';
    stream.on('data', (chunk) => (logs += chunk));
    const url = `redis://:s3cret-redis-pw@127.0.0.1:${await closedPort()}`;
    const app = await startApp(database, { redis: { url, namespace: namespace() }, logLevel: 'warn', loginRateLimitPerMinute: 2 }, stream);
    try {
      await createUser(app, { email: 'down@test.it', role: 'admin', password: 'Password-123' });
      // The counters unreachable, this instance counts by itself: the limit of 2 still holds (decision 060).
      const headers = await authHeader(app, 'down@test.it', 'Password-123');
      await authHeader(app, 'down@test.it', 'Password-123');
      const third = await login(app, 'down@test.it', 'Password-123');
      expect([third.statusCode, third.json()]).toEqual([429, { error: 'Troppe richieste. Riprova tra un minuto.' }]);
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

/**
 * A TCP relay to Redis that the test can cut (every connection closed, new ones refused) and restore: Redis lost
 * while the instances run, as a network fault or a restart of Redis would do it.
 */
async function cuttableRelay(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  };
  return {
    url: url.toString(),
    cut: stop,
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

const lostTitle = 'two API instances when Redis is lost while they run';
(skipReason ? describe.skip : describe)(skipReason ? `${lostTitle} [skipped: ${skipReason}]` : lostTitle, () => {
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof cuttableRelay>>;
  let redisNamespace: string;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await postgresVariant.create();
    relay = await cuttableRelay(new URL(REDIS_URL));
    redisNamespace = namespace();
    const redis = { url: relay.url, namespace: redisNamespace };
    a = await startApp(database, { redis, loginRateLimitPerMinute: 2 });
    b = await startApp(database, { redis, loginRateLimitPerMinute: 2 });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await relay?.close();
    await database?.drop();
  });

  const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const changePassword = (app: App, token: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: 'Password-123', newPassword: 'NuovaPassword-456' },
    });
  /** Milliseconds until `app` refuses `token`, or Infinity after 6 s (the old 5 s session cache). */
  async function refusedAfter(app: App, token: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 6000) {
      if ((await me(app, token)).statusCode === 401) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Infinity;
  }

  it('keys name no one, and no key carries an undefined prefix', async () => {
    await createUser(a, { email: 'chiavi@test.it', role: 'admin', password: 'Password-123' });
    expect((await login(a, 'chiavi@test.it', 'Password-123')).statusCode).toBe(200);
    const link = await a.inject({ method: 'POST', url: '/api/customer/magic-link', payload: { contact: 'cliente.chiavi@test.it' } });
    expect(link.statusCode).toBe(202);
    const probe = new Redis(REDIS_URL);
    try {
      const keys = await probe.keys(`${redisNamespace}*`);
      console.log(`Redis keys after a login and a link request: ${keys.join(' ')}`);
      expect(keys.some((k) => k.startsWith(`${redisNamespace}rate-limit:POST/api/auth/login-`))).toBe(true);
      expect(keys.some((k) => k.startsWith(`${redisNamespace}rate-limit:keyed-`))).toBe(true);
      for (const key of keys) {
        expect(key).not.toContain('undefined');
        expect(key).not.toContain('cliente.chiavi');
        expect(key).not.toContain('127.0.0.1');
      }
    } finally {
      probe.disconnect();
    }
  });

  it('keep every limit per instance while Redis is away, and refuse an ended session within about a second', async () => {
    const before = await createUser(a, { email: 'prima@test.it', role: 'admin', password: 'Password-123' });
    const during = await createUser(a, { email: 'durante@test.it', role: 'admin', password: 'Password-123' });
    const beforeToken = await a.tokens.sign({ userId: before.id, role: before.role, version: 0 });
    const duringToken = await a.tokens.sign({ userId: during.id, role: during.role, version: 0 });
    expect((await me(b, beforeToken)).statusCode).toBe(200); // cached by B while it hears the others

    await relay.cut();
    const deadline = Date.now() + 5000;
    while ((a.redis!.status === 'ready' || b.redisSubscriber!.status === 'ready') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(b.redisSubscriber!.status).not.toBe('ready');

    // Limits: each instance enforces the setting (2 a minute) by itself (an address each, clear of the login lock).
    for (const app of [a, b]) {
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await login(app, `limite${i}.${app === a ? 'a' : 'b'}@test.it`, 'sbagliata'));
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 429]);
      expect(answers[2].json()).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
    }

    // Sessions: B cannot hear A's end of a session; it refuses it all the same within about a second.
    expect((await changePassword(a, beforeToken)).statusCode).toBe(200);
    const beforeMs = await refusedAfter(b, beforeToken);
    expect((await me(b, duringToken)).statusCode).toBe(200); // cached by B during the outage
    expect((await changePassword(a, duringToken)).statusCode).toBe(200);
    const duringMs = await refusedAfter(b, duringToken);
    console.log(`Redis away: a session cached before it refused after ${beforeMs} ms, one cached during it after ${duringMs} ms`);
    expect(beforeMs).toBeLessThan(1500);
    expect(duringMs).toBeLessThan(1500);

    // Back: the subscription is renewed by itself.
    await relay.restore();
    const back = Date.now() + 10_000;
    while ((a.redis!.status !== 'ready' || b.redisSubscriber!.status !== 'ready') && Date.now() < back) await new Promise((r) => setTimeout(r, 50));
    expect(b.redisSubscriber!.status).toBe('ready');
  }, 60_000);
});
