import { createSessionCache } from '../src/lib/session-cache';
import type { UserRecord } from '../src/features/users/repository';
import { authHeader, createUser, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

const user = (id: string): UserRecord => ({ id, email: `${id}@x.it`, full_name: id, role: 'admin', phone: null, created_at: '2026-01-01T00:00:00.000Z', business_id: null });

describe('session cache', () => {
  let now = 1_000_000;
  const cache = () => createSessionCache({ ttlMs: 5000, maxEntries: 3, now: () => now });

  it('keeps a user for the TTL, never beyond the token’s expiry', () => {
    const c = cache();
    c.set('a', user('u1'), now + 60_000, c.generation());
    c.set('b', user('u2'), now + 1000, c.generation());
    expect(c.get('a')?.id).toBe('u1');
    now += 1000;
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')?.id).toBe('u1');
    now += 4000;
    expect(c.get('a')).toBeUndefined();
  });

  it('is bounded: the oldest token goes first', () => {
    const c = cache();
    for (const t of ['a', 'b', 'c', 'd']) c.set(t, user(t), now + 60_000, c.generation());
    expect(c.size).toBe(3);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('d')?.id).toBe('d');
  });

  it('is bounded by use: a token asked for again outlives one set after it but not used since', () => {
    const c = cache();
    for (const t of ['a', 'b', 'c']) c.set(t, user(t), now + 60_000, c.generation());
    expect(c.get('a')?.id).toBe('a');
    c.set('d', user('d'), now + 60_000, c.generation());
    expect(['a', 'b', 'c', 'd'].map((t) => c.get(t)?.id)).toEqual(['a', undefined, 'c', 'd']);
  });

  it('ends an entry at the very instant of its deadline, and keeps nothing when turned off', () => {
    const c = cache();
    c.set('a', user('u1'), now + 2000, c.generation());
    now += 1999;
    expect(c.get('a')?.id).toBe('u1');
    now += 1;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
    for (const off of [createSessionCache({ ttlMs: 0, maxEntries: 3, now: () => now }), createSessionCache({ ttlMs: 5000, maxEntries: 0, now: () => now })]) {
      off.set('a', user('u1'), now + 60_000, off.generation());
      expect([off.get('a'), off.size]).toEqual([undefined, 0]);
    }
  });

  it('forgets every token of a user, and does not store a user loaded before that', () => {
    const c = cache();
    c.set('a', user('u1'), now + 60_000, c.generation());
    c.set('b', user('u1'), now + 60_000, c.generation());
    c.set('c', user('u2'), now + 60_000, c.generation());
    const before = c.generation();
    c.forgetUser('u1');
    expect([c.get('a'), c.get('b'), c.get('c')?.id]).toEqual([undefined, undefined, 'u2']);
    c.set('a', user('u1'), now + 60_000, before);
    expect(c.get('a')).toBeUndefined();
  });
});

describeEachDatabase('authentication with the session cache', (variant) => {
  let t: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    t = await startTestApp(variant, {}, { sessionCache: { now: () => now } });
  });
  afterAll(() => t.close());

  const me = (headers: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

  it('refuses the token of a deleted user once the user is forgotten, and within the TTL anyway', async () => {
    const account = await createUser(t.app, { email: 'gone@example.it', role: 'admin', password: 'password-1' });
    const headers = await authHeader(t.app, 'gone@example.it', 'password-1');
    expect((await me(headers)).statusCode).toBe(200);
    expect(t.app.sessions.get(headers.authorization.slice(7))?.id).toBe(account.id);
    await t.app.db.query('DELETE FROM users WHERE id = $1', [account.id]);
    now += 5000;
    expect((await me(headers)).statusCode).toBe(401);

    const again = await createUser(t.app, { email: 'gone2@example.it', role: 'admin', password: 'password-1' });
    const headers2 = await authHeader(t.app, 'gone2@example.it', 'password-1');
    expect((await me(headers2)).statusCode).toBe(200);
    await t.app.db.query('DELETE FROM users WHERE id = $1', [again.id]);
    t.app.sessions.forgetUser(again.id);
    expect((await me(headers2)).statusCode).toBe(401);
  });

  it('forgets the user’s tokens when its password changes; the old token is refused, the new one loads the user', async () => {
    await createUser(t.app, { email: 'pw@example.it', role: 'admin', password: 'password-1' });
    const headers = await authHeader(t.app, 'pw@example.it', 'password-1');
    const token = headers.authorization.slice(7);
    expect((await me(headers)).statusCode).toBe(200);
    expect(t.app.sessions.get(token)).toBeDefined();
    const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers, payload: { currentPassword: 'password-1', newPassword: 'password-2' } });
    expect(changed.statusCode).toBe(200);
    expect(t.app.sessions.get(token)).toBeUndefined();
    // A password change ends the sessions signed before it (token version).
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${changed.json().token}` })).json().email).toBe('pw@example.it');
  });

  it('never caches a refused token', async () => {
    const response = await me({ authorization: 'Bearer not-a-token' });
    expect(response.statusCode).toBe(401);
    expect(t.app.sessions.get('not-a-token')).toBeUndefined();
  });
});
