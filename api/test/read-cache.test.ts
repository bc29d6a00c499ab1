import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { createReadCache } from '../src/lib/read-cache';
import { authHeader, demoAccount, startTestApp, testConfig, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createClientWithCard, createOtherAdmin, CLIENT, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';

/**
 * The read cache of the card page and the overview stats (docs/decisions/017-api-read-cache.md): every write
 * that changes what they answer must change the business's marker, so the next read through the cache is
 * recomputed and equals the uncached answer.
 */
describeEachDatabase('read cache of the card page and stats', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let other: { authorization: string };
  let superAdmin: { authorization: string };
  let now = new Date('2026-03-15T10:00:00.000Z');
  const bar = DEMO_BUSINESSES[0].id;
  const page = (businessId: string, query = 'limit=50&offset=0') => `/api/loyalty-cards/business/${businessId}?${query}`;
  const stats = (businessId: string) => `/api/loyalty-cards/business/${businessId}/stats`;
  // Decision 079: the overview's sales report is cached the same way.
  const salesReport = (businessId: string) => `/api/loyalty-cards/business/${businessId}/sales-report`;
  const BAR_READS = [page(bar), page(bar, 'limit=5&offset=3'), page(bar, 'limit=50&q=a&status=active'), stats(bar), salesReport(bar)];
  const OTHER_READS = [page(OTHER_BUSINESS_ID), stats(OTHER_BUSINESS_ID), salesReport(OTHER_BUSINESS_ID)];

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true }, { clock: () => now });
    await createOtherAdmin(t.app);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
  });
  afterAll(() => t.close());

  const get = (url: string, headers = superAdmin) => t.app.inject({ method: 'GET', url, headers });
  const counters = () => t.app.readCache.stats();

  /** Reads every URL twice: the second answer must come from the cache, byte for byte the first. */
  async function primed(urls: string[]): Promise<string[]> {
    const bodies: string[] = [];
    for (const url of urls) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const hits = counters().hits;
      const second = await get(url);
      expect(counters().hits).toBe(hits + 1);
      expect(second.body).toBe(first.body);
      bodies.push(first.body);
    }
    return bodies;
  }

  /**
   * Reads every URL through the primed cache: each entry must be found out of date (the write changed the
   * marker) and the answer must equal the one computed with an empty cache.
   */
  async function expectRecomputed(urls: string[]): Promise<string[]> {
    const cached: LightMyRequestResponse[] = [];
    for (const url of urls) {
      const stale = counters().stale;
      cached.push(await get(url));
      expect({ url, staleSeen: counters().stale }).toEqual({ url, staleSeen: stale + 1 });
    }
    t.app.readCache.clear();
    for (const [i, url] of urls.entries()) {
      const uncached = await get(url);
      expect(cached[i].statusCode).toBe(200);
      expect(cached[i].headers['content-type']).toBe(uncached.headers['content-type']);
      expect({ url, body: cached[i].body }).toEqual({ url, body: uncached.body });
    }
    return cached.map((r) => r.body);
  }

  /** Primes the reads, runs the write, checks that every read is recomputed; returns the bodies before and after. */
  async function acrossWrite(write: () => Promise<unknown>, urls = BAR_READS): Promise<{ before: string[]; after: string[] }> {
    const before = await primed(urls);
    await write();
    const after = await expectRecomputed(urls);
    return { before, after };
  }

  const firstCards = async (businessId = bar) =>
    (await get(page(businessId, 'limit=5'))).json().items as { id: string; user_id: string | null; customer_name: string; points: number }[];
  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect({ status: response.statusCode, body: response.body }).toEqual({ status, body: response.body });
    return response;
  };

  it('answers a repeated read from the cache with the same bytes and headers as the first', async () => {
    for (const url of [...BAR_READS, ...OTHER_READS]) {
      const first = await get(url);
      const second = await get(url);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.headers['content-length']).toBe(first.headers['content-length']);
      expect(second.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(counters().hits).toBeGreaterThanOrEqual(BAR_READS.length + OTHER_READS.length);
  });

  it('checks the user on every request, cached or not', async () => {
    await primed([page(bar), stats(bar), salesReport(bar)]);
    for (const url of [page(bar), stats(bar), salesReport(bar)]) {
      expect((await get(url, other)).statusCode).toBe(404);
      expect((await get(url, admin)).statusCode).toBe(200);
      expect((await get(url, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    }
    const { client } = await createClientWithCard(t.app, bar);
    expect(client.id).toBeTruthy();
    const clientAuth = await authHeader(t.app, CLIENT.email, CLIENT.password);
    for (const url of [page(bar), stats(bar), salesReport(bar)]) expect((await get(url, clientAuth)).statusCode).toBe(403);
    expect((await get(page('no-such-business'))).statusCode).toBe(404);
  });

  it('POST /loyalty-cards/:id/points (adding and taking away) changes the page and the stats', async () => {
    const [card] = await firstCards();
    const add = await acrossWrite(async () =>
      ok(await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card.id}/points`, headers: admin, payload: { points: 7, description: 'test' } })),
    );
    expect(add.after[0]).not.toBe(add.before[0]);
    expect(add.after[3]).not.toBe(add.before[3]);
    const take = await acrossWrite(async () =>
      ok(await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card.id}/points`, headers: admin, payload: { points: -7, description: 'test' } })),
    );
    expect(take.after[3]).not.toBe(take.before[3]);
  });

  it('POST /qrcode/scan changes the page and the stats', async () => {
    const card = (await firstCards()).find((c) => c.user_id)!;
    const { before, after } = await acrossWrite(async () =>
      ok(await t.app.inject({ method: 'POST', url: '/api/qrcode/scan', headers: admin, payload: { card_id: card.id, user_id: card.user_id, points: 3 } })),
    );
    expect(after[0]).not.toBe(before[0]);
    expect(after[3]).not.toBe(before[3]);
  });

  it('the public signup, an admin creating a client, and deleting a card change the page and the stats', async () => {
    let signupCard = '';
    await acrossWrite(async () => {
      const response = ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/loyalty-cards/create',
          payload: { email: 'cache.signup@example.it', full_name: 'Cache Signup', phone: '+39 333 1111111', business_id: bar, privacy_ack: true },
        }),
      );
      signupCard = response.json().id;
    });
    await acrossWrite(async () =>
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: admin,
          payload: { email: 'cache.client@example.it', full_name: 'Cache Client', business_id: bar },
        }),
        201,
      ),
    );
    const { before, after } = await acrossWrite(async () => ok(await t.app.inject({ method: 'DELETE', url: `/api/loyalty-cards/${signupCard}`, headers: admin })));
    expect(after[0]).not.toBe(before[0]);
    expect(after[3]).not.toBe(before[3]);
  });

  it('an edit of a card in SQL (name, phone, birth date) changes the page', async () => {
    const [card] = await firstCards();
    const { before, after } = await acrossWrite(() =>
      t.app.db.query(`UPDATE loyalty_cards SET customer_name = 'Nome Cambiato', customer_phone = '+39 000', birth_date = '1990-01-02' WHERE id = $1`, [
        card.id,
      ]),
    );
    expect(after[0]).not.toBe(before[0]);
  });

  it('a card moved to another business changes both businesses', async () => {
    const [card] = await firstCards();
    const urls = [...BAR_READS, ...OTHER_READS];
    const { before, after } = await acrossWrite(() => t.app.db.query('UPDATE loyalty_cards SET business_id = $2 WHERE id = $1', [card.id, OTHER_BUSINESS_ID]), urls);
    // Bar's first page, the other business's first page and its stats.
    const [otherPage, otherStats] = [BAR_READS.length, BAR_READS.length + 1];
    expect(after[0]).not.toBe(before[0]);
    expect(after[otherPage]).not.toBe(before[otherPage]);
    expect(after[otherStats]).not.toBe(before[otherStats]);
    await acrossWrite(() => t.app.db.query('UPDATE loyalty_cards SET business_id = $2 WHERE id = $1', [card.id, bar]), urls);
  });

  it('bulk inserts, updates and deletes in SQL change every business they touch', async () => {
    const urls = [...BAR_READS, ...OTHER_READS];
    await acrossWrite(
      () =>
        t.app.db.query(
          `INSERT INTO loyalty_cards (business_id, card_number, customer_name, points, created_at)
           SELECT CASE WHEN g % 2 = 0 THEN $1::text ELSE $2::text END, 'LC-C' || g, 'Bulk ' || g, g, $3::timestamptz - g * interval '1 day'
             FROM generate_series(1, 300) g`,
          [bar, OTHER_BUSINESS_ID, now.toISOString()],
        ),
      urls,
    );
    await acrossWrite(() => t.app.db.query("UPDATE loyalty_cards SET points = points + 1 WHERE card_number LIKE 'LC-C%'"), urls);
    await acrossWrite(() => t.app.db.query("DELETE FROM loyalty_cards WHERE card_number LIKE 'LC-C%'"), urls);
  });

  it('ledger rows written, changed or removed on their own change the stats', async () => {
    const [card] = await firstCards();
    const insert = await acrossWrite(
      () => t.app.db.query(`INSERT INTO points_ledger (card_id, points, description, created_at) VALUES ($1, 11, 'solo registro', $2)`, [card.id, now.toISOString()]),
      [stats(bar)],
    );
    expect(insert.after[0]).not.toBe(insert.before[0]);
    await acrossWrite(() => t.app.db.query(`UPDATE points_ledger SET points = 12 WHERE description = 'solo registro'`), [stats(bar)]);
    const removed = await acrossWrite(() => t.app.db.query(`DELETE FROM points_ledger WHERE description = 'solo registro'`), [stats(bar)]);
    expect(removed.after[0]).not.toBe(removed.before[0]);
  });

  it('a user deleted in SQL (the card keeps no holder) changes the page', async () => {
    const card = (await firstCards()).find((c) => c.user_id)!;
    const { before, after } = await acrossWrite(() => t.app.db.query('DELETE FROM users WHERE id = $1', [card.user_id]));
    expect(after[0]).not.toBe(before[0]);
  });

  it('a new month gives new stats without any write', async () => {
    const [before] = await primed([stats(bar)]);
    const previous = now;
    now = new Date('2026-04-01T00:00:01.000Z');
    try {
      const cached = await get(stats(bar));
      t.app.readCache.clear();
      const uncached = await get(stats(bar));
      expect(cached.body).toBe(uncached.body);
      expect(cached.body).not.toBe(before);
      expect(cached.json().months.at(-1).month).toBe('2026-04');
    } finally {
      now = previous;
    }
  });

  it('a business deleted in SQL answers 404 on a primed cache', async () => {
    await primed(OTHER_READS);
    await t.app.db.query('DELETE FROM businesses WHERE id = $1', [OTHER_BUSINESS_ID]);
    for (const url of OTHER_READS) expect((await get(url)).statusCode).toBe(404);
  });

  it('TRUNCATE of the ledger or the cards changes every business', async () => {
    await acrossWrite(() => t.app.db.exec('TRUNCATE points_ledger'), [stats(bar)]);
    await acrossWrite(() => t.app.db.exec('TRUNCATE loyalty_cards CASCADE'));
  });

  it('has the marker triggers on every table the page and the stats read', async () => {
    const { rows } = await t.app.db.query<{ table: string; trigger: string }>(
      `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND t.tgname LIKE '%version%' ORDER BY 1, 2`,
    );
    const expected = ['loyalty_cards', 'points_ledger'].flatMap((table) =>
      ['delete', 'insert', 'truncate', 'update'].map((event) => ({ table, trigger: `${table}_version_${event}` })),
    );
    // Migration 044: the version of a business's earning terms (program and promotions), which a sale checks.
    expected.unshift({ table: 'businesses', trigger: 'businesses_earning_version' });
    expected.push({ table: 'promotions', trigger: 'promotions_earning_version' }, { table: 'promotions', trigger: 'promotions_earning_version_truncate' });
    expect(rows).toEqual(expected);
  });
});

/** Several API instances on one database: each checks the marker, so a write through one is seen by the others at once. */
describeEachDatabase('read cache across API instances', (variant) => {
  let t: TestApp;
  let second: App | null = null;
  const bar = DEMO_BUSINESSES[0].id;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    // In-memory PGlite is one process's database: a second instance can only share PostgreSQL.
    if (variant.name === 'PostgreSQL') {
      second = buildApp(testConfig(t.database.config));
      await second.ready();
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('serves what another instance wrote, and loses nothing under concurrent points updates', async () => {
    const writer = second ?? t.app;
    const reader = t.app;
    const headersOf = async (app: App) => authHeader(app, demoAccount('admin').email, demoAccount('admin').password);
    const readerAuth = await headersOf(reader);
    const writerAuth = await headersOf(writer);
    const urls = [`/api/loyalty-cards/business/${bar}?limit=50&offset=0`, `/api/loyalty-cards/business/${bar}/stats`];
    const read = (url: string) => reader.inject({ method: 'GET', url, headers: readerAuth });
    for (const url of urls) await read(url);
    const cards = (await read(urls[0])).json().items as { id: string }[];

    // Points written through the other instance while this one keeps reading through its cache.
    const writes = Array.from({ length: 60 }, (_, i) =>
      writer.inject({ method: 'POST', url: `/api/loyalty-cards/${cards[i % cards.length].id}/points`, headers: writerAuth, payload: { points: 1, description: 'x' } }),
    );
    const reads = Array.from({ length: 60 }, (_, i) => read(urls[i % 2]));
    const results = await Promise.all([...writes, ...reads]);
    for (const r of results) expect(r.statusCode).toBe(200);

    for (const url of urls) {
      const cached = await read(url);
      reader.readCache.clear();
      const uncached = await read(url);
      expect(cached.body).toBe(uncached.body);
    }
  });
});

describe('read cache bounds', () => {
  const body = (n: number) => Buffer.alloc(n, 'x');
  it('keeps at most maxBytes, dropping the least recently used first', () => {
    const cache = createReadCache({ maxBytes: 1000, maxEntryBytes: 600 });
    cache.set('a', 'm', body(300));
    cache.set('b', 'm', body(300));
    cache.set('c', 'm', body(300));
    expect(cache.get('a')?.body.length).toBe(300); // a is now the most recent
    cache.set('d', 'm', body(300));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true]);
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    cache.set('big', 'm', body(700));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 'm2', body(10));
    expect(cache.get('a')).toEqual({ marker: 'm2', body: body(10) });
    expect(cache.stats().entries).toBe(3);
  });

  it('drops a key’s entry when a body too large for the cache replaces it, and counts bytes exactly', () => {
    const cache = createReadCache({ maxBytes: 1000, maxEntryBytes: 600 });
    cache.set('a', 'm', body(300));
    cache.set('bb', 'mm', body(100));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 302 + 104 });
    cache.set('a', 'm2', body(700));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 104 });
    const small = createReadCache({ maxBytes: 500, maxEntryBytes: 600 });
    small.set('a', 'm', body(498));
    expect(small.get('a')?.body.length).toBe(498);
    small.set('b', 'm', body(499)); // 501 bytes: refused, and evicts nothing to make room
    expect([small.get('a')?.body.length, small.get('b')]).toEqual([498, undefined]);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('keeps nothing with maxBytes 0', () => {
    const cache = createReadCache({ maxBytes: 0 });
    cache.set('a', 'm', body(1));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, hits: 0, stale: 0 });
  });
});
