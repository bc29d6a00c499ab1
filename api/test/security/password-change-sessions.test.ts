/**
 * A changed password ends the sessions opened before it (per-user token version,
 * migration 007), at once on the instance that made the change and within the session cache's lifetime
 * on the others; the answer carries a new token so the person who changed it stays logged in.
 */
import { SignJWT } from 'jose';
import { buildApp, type App } from '../../src/app';
import { SESSION_CACHE_DEFAULTS } from '../../src/plugins/auth';
import { authHeader, createUser, login, startTestApp, TEST_JWT_SECRET, testConfig, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const NOT_AUTHENTICATED = { error: 'Non autenticato' };

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const changePassword = (app: App, token: string, currentPassword: string, newPassword: string) =>
  app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: { authorization: `Bearer ${token}` }, payload: { currentPassword, newPassword } });
const bearer = async (app: App, email: string, password: string) => (await authHeader(app, email, password)).authorization.slice('Bearer '.length);

describeEachDatabase('sessions after a password change', (variant) => {
  let t: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    t = await startTestApp(variant, {}, { sessionCache: { now: () => now } });
  });
  afterAll(() => t.close());

  it('refuses every token signed before the change at once, and answers a new one that works', async () => {
    const account = await createUser(t.app, { email: 'cambio@test.it', role: 'admin', password: 'Vecchia2026!' });
    const browser = await bearer(t.app, 'cambio@test.it', 'Vecchia2026!');
    const phone = await bearer(t.app, 'cambio@test.it', 'Vecchia2026!');
    // Both sessions in use, so the session cache holds them when the password changes.
    for (const token of [browser, phone]) expect((await me(t.app, token)).statusCode).toBe(200);
    // A token signed before migration 007 has no `ver`: it counts as version 0, the starting one.
    const legacy = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setIssuer('loyalty-api')
      .setAudience('loyalty-dashboard')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await me(t.app, legacy)).statusCode).toBe(200);

    const changed = await changePassword(t.app, browser, 'Vecchia2026!', 'Nuova2026!');
    expect(changed.statusCode).toBe(200);
    const { message, token } = changed.json();
    expect(message).toBe('Password aggiornata con successo');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    for (const old of [browser, phone, legacy]) {
      const response = await me(t.app, old);
      expect([response.statusCode, response.json()]).toEqual([401, NOT_AUTHENTICATED]);
    }
    const fresh = await me(t.app, token);
    expect([fresh.statusCode, fresh.json().email]).toEqual([200, 'cambio@test.it']);
    // The old password no longer logs in; the new one does, and its token works.
    expect((await login(t.app, 'cambio@test.it', 'Vecchia2026!')).statusCode).toBe(401);
    expect((await me(t.app, await bearer(t.app, 'cambio@test.it', 'Nuova2026!'))).statusCode).toBe(200);
  });

  it('keeps the sessions open when the current password is wrong', async () => {
    await createUser(t.app, { email: 'sbaglio@test.it', role: 'admin', password: 'Vecchia2026!' });
    const token = await bearer(t.app, 'sbaglio@test.it', 'Vecchia2026!');
    expect((await changePassword(t.app, token, 'Sbagliata2026!', 'Nuova2026!')).statusCode).toBe(400);
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it('leaves the sessions open when a login only rehashes the password with new parameters', async () => {
    const account = await createUser(t.app, { email: 'rehash@test.it', role: 'admin', password: 'Vecchia2026!' });
    const token = await bearer(t.app, 'rehash@test.it', 'Vecchia2026!');
    await t.app.repos.users.setPasswordHash(account.id, (await t.app.repos.users.findCredentialsById(account.id))!.password_hash!);
    now += SESSION_CACHE_DEFAULTS.ttlMs;
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  // An in-memory PGlite database lives inside one process: a second API instance can only share PostgreSQL.
  const acrossInstances = variant.name === 'PostgreSQL' ? it : it.skip;
  acrossInstances('on another API instance: the old token works at most for the session cache’s lifetime, then is refused', async () => {
    let otherNow = Date.now();
    const other = buildApp(testConfig(t.database.config), { sessionCache: { now: () => otherNow } });
    await other.ready();
    try {
      await createUser(t.app, { email: 'due.istanze@test.it', role: 'admin', password: 'Vecchia2026!' });
      const old = await bearer(t.app, 'due.istanze@test.it', 'Vecchia2026!');
      expect((await me(other, old)).statusCode).toBe(200);

      const changed = await changePassword(t.app, old, 'Vecchia2026!', 'Nuova2026!');
      expect(changed.statusCode).toBe(200);
      expect((await me(t.app, old)).statusCode).toBe(401);

      // Still in the other instance's session cache: accepted until it expires there, never after.
      const within = await me(other, old);
      console.log(`other instance, old token right after the change: ${within.statusCode} (cache lifetime ${SESSION_CACHE_DEFAULTS.ttlMs} ms)`);
      otherNow += SESSION_CACHE_DEFAULTS.ttlMs;
      const after = await me(other, old);
      expect([after.statusCode, after.json()]).toEqual([401, NOT_AUTHENTICATED]);

      const fresh = await me(other, changed.json().token);
      expect([fresh.statusCode, fresh.json().email]).toEqual([200, 'due.istanze@test.it']);
    } finally {
      await other.close();
    }
  });
});
