/**
 * Google Wallet against a local HTTP stand-in of its REST API and of Google's OAuth token endpoint
 * (the test service account's token_uri points at it). The short save link (decision 044) redirects to a JWT that
 * verifies with the service account's public key and names the card's object, with its current balance, and its
 * class, with a logo the API serves; unknown tokens are 404 and spend the failed-lookup budget; the REST calls
 * carry a bearer token the token endpoint issued for a verified assertion; a balance change updates the object
 * once; a failing Google is retried; nothing happens when Google Wallet is not configured; no key, token or save
 * link reaches the logs; migration 017 gives the objects made before it a save token.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { jwtVerify } from 'jose';
import { PNG } from 'pngjs';
import type { App } from '../src/app';
import { buildApp } from '../src/app';
import { createDb } from '../src/db';
import { migrate, readMigrations } from '../src/db/migrate';
import { addPointsLink } from '../src/features/cards/qrcode';
import { GOOGLE_SAVE_URL, GOOGLE_WALLET_SCOPE } from '../src/features/wallet/google';
import { createGoogleWalletRepository } from '../src/features/wallet/google-repository';
import { googleSchemaErrors } from './helpers/google-wallet-schema';
import { startTestApp, testConfig, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { addPoints, TEST_GOOGLE_ISSUER_ID, WALLET_BUSINESS, devServiceAccount, googleConfig, pathOf, signupCard } from './helpers/wallet';

interface Call {
  method: string;
  /** The path below /walletobjects/v1, the object's or class's id kept. */
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

const publicKey = () => crypto.createPublicKey(devServiceAccount().private_key);

/** Google's token endpoint and Wallet REST API in one local server; `planned` statuses answer the next API calls. */
async function startGoogle() {
  const calls: Call[] = [];
  const tokenRequests: { scope: unknown; aud: unknown; iss: unknown }[] = [];
  const issued = new Set<string>();
  const planned: number[] = [];
  /** What the schema refused, kept so a test can say why. */
  const refused: string[] = [];
  const stored = { classes: new Map<string, unknown>(), objects: new Map<string, unknown>() };
  let tokenStatus = 200;

  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      void (async () => {
        const answer = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        const url = new URL(request.url!, 'http://stand-in');
        if (url.pathname === '/token') {
          const form = new URLSearchParams(text);
          try {
            if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant');
            const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey(), { algorithms: ['RS256'] });
            tokenRequests.push({ scope: payload.scope, aud: payload.aud, iss: payload.iss });
          } catch {
            return answer(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
          }
          if (tokenStatus !== 200) return answer(tokenStatus, { error: 'internal_failure' });
          const token = `ya29.stand-in-${crypto.randomBytes(12).toString('hex')}`;
          issued.add(token);
          return answer(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        }
        const path = url.pathname.replace(/^\/walletobjects\/v1/, '');
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
        calls.push({ method: request.method!, path: decodeURIComponent(path), authorization: request.headers.authorization, body });
        const bearer = request.headers.authorization?.replace(/^Bearer /, '');
        if (!bearer || !issued.has(bearer)) return answer(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
        const status = planned.shift();
        if (status) return answer(status, { error: { code: status, message: 'Planned failure' } });
        const [, kind, id] = /^\/(loyaltyClass|loyaltyObject)(?:\/(.+))?$/.exec(decodeURIComponent(path)) ?? [];
        // As Google: a body its published schema refuses (an `int` that is not an integer, an unknown field) is a 400.
        const problems = body && kind ? googleSchemaErrors(kind === 'loyaltyClass' ? 'LoyaltyClass' : 'LoyaltyObject', body) : [];
        if (problems.length > 0) {
          refused.push(...problems);
          return answer(400, { error: { code: 400, message: `Invalid JSON payload received. ${problems.join('; ')}` } });
        }
        const store = kind === 'loyaltyClass' ? stored.classes : kind === 'loyaltyObject' ? stored.objects : null;
        if (!store) return answer(404, { error: { code: 404, message: 'Not found' } });
        if (request.method === 'POST') {
          const newId = String(body?.id);
          if (store.has(newId)) return answer(409, { error: { code: 409, message: `Resource ${newId} already exists` } });
          store.set(newId, body);
          return answer(200, body);
        }
        if (!id || !store.has(id)) return answer(404, { error: { code: 404, message: 'Not found' } });
        store.set(id, request.method === 'PATCH' ? { ...(store.get(id) as object), ...body } : body);
        return answer(200, store.get(id));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${origin}/walletobjects/v1`,
    tokenUri: `${origin}/token`,
    calls,
    tokenRequests,
    issued,
    planned,
    refused,
    stored,
    failTokens: (status: number) => (tokenStatus = status),
    reset() {
      calls.length = 0;
      planned.length = 0;
      refused.length = 0;
      tokenRequests.length = 0;
      tokenStatus = 200;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Google = Awaited<ReturnType<typeof startGoogle>>;
const worker = { enabled: false, retryBaseMs: 1, retryMaxMs: 1, maxAttempts: 3 };


/** Drains until `done` holds (retries wait a millisecond), at most a few rounds. */
async function drainUntil(app: App, done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 20 && !(await done()); i++) {
    await app.wallet.google!.syncs.drain();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describeEachDatabase('Google Wallet', (variant) => {
  let t: TestApp;
  let google: Google;
  beforeAll(async () => {
    google = await startGoogle();
    t = await startTestApp(variant, {
      seedDemo: true,
      dashboardBaseUrl: 'https://fidelity.example.it',
      wallet: { apple: null, google: googleConfig(google.apiUrl, google.tokenUri) },
      messaging: { worker },
      walletRateLimitPerMinute: 30,
      walletFailedLookupsPerMinute: 5,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });
  beforeEach(() => google.reset());

  const objectOf = async (cardId: string) =>
    (await t.app.db.query<{ object_id: string; inserted: boolean; save_token: string }>('SELECT object_id, inserted, save_token FROM wallet_google_objects WHERE card_id = $1', [cardId]))
      .rows[0];
  const objectCalls = (objectId: string) => google.calls.filter((c) => c.path.startsWith('/loyaltyObject') && (c.body?.id === objectId || c.path.endsWith(objectId)));

  /** Follows a short save link: the 302's headers and the JWT of its Location, verified with the service account's public key. */
  async function follow(link: string, remoteAddress = '127.0.0.1') {
    const response = await t.app.inject({ method: 'GET', url: pathOf(link), remoteAddress });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const location = String(response.headers.location);
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = location.slice(GOOGLE_SAVE_URL.length);
    const verified = await jwtVerify(jwt, publicKey(), { algorithms: ['RS256'], issuer: devServiceAccount().client_email, audience: 'google' });
    const inline = verified.payload.payload as { loyaltyClasses: Record<string, unknown>[]; loyaltyObjects: Record<string, unknown>[] };
    // Every object and class in the link as Google's published schema has them.
    for (const object of inline.loyaltyObjects) expect(googleSchemaErrors('LoyaltyObject', object)).toEqual([]);
    for (const loyaltyClass of inline.loyaltyClasses) expect(googleSchemaErrors('LoyaltyClass', loyaltyClass)).toEqual([]);
    return { ...verified, jwt, inline };
  }

  it('gives a short save link that redirects to a JWT signed with the service account key, naming the card’s object and class', async () => {
    const card = await signupCard(t.app, 'google.uno@example.it');
    const link = card.wallet!.google!;
    // Short (one SMS part with room to spare), on the API's public URL, with the object's random token.
    expect(link).toMatch(/^https:\/\/fidelity\.example\.it\/api\/wallet\/google\/save\/[A-Za-z0-9_-]{43}$/);
    const { object_id: objectId, save_token: token } = await objectOf(card.id);
    expect(link.endsWith(`/${token}`)).toBe(true);
    expect(link).not.toContain(card.id);

    const { payload, protectedHeader, inline } = await follow(link);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://fidelity.example.it']);

    expect(objectId.startsWith(`${TEST_GOOGLE_ISSUER_ID}.`)).toBe(true);
    expect(objectId).not.toContain(card.id);
    const classId = `${TEST_GOOGLE_ISSUER_ID}.business-${WALLET_BUSINESS.id}`;
    expect(inline.loyaltyClasses).toEqual([
      expect.objectContaining({
        id: classId,
        programName: WALLET_BUSINESS.name,
        hexBackgroundColor: '#1e3a8a',
        reviewStatus: 'UNDER_REVIEW',
        programLogo: {
          sourceUri: { uri: 'https://fidelity.example.it/api/wallet/logo/1e3a8a.png' },
          contentDescription: { defaultValue: { language: 'it-IT', value: WALLET_BUSINESS.name } },
        },
      }),
    ]);
    expect(inline.loyaltyObjects).toEqual([
      expect.objectContaining({
        id: objectId,
        classId,
        state: 'ACTIVE',
        accountName: 'Giulia Bianchi',
        accountId: card.card_number,
        loyaltyPoints: { label: expect.stringMatching(/^(Punti|Timbri)$/), balance: { int: 0 } },
        barcode: { type: 'QR_CODE', value: addPointsLink('https://fidelity.example.it', card.id, card.user_id), alternateText: card.card_number },
      }),
    ]);

    // The same link on the next call; following it again signs the card as it is now: the new balance, the shop's colour.
    await addPoints(t.app, card.id, 7);
    await t.app.db.query("UPDATE businesses SET brand_color = '#7c2d12' WHERE id = $1", [WALLET_BUSINESS.id]);
    try {
      expect(await t.app.wallet.google!.linkFor(card.id)).toBe(link);
      const again = (await follow(link)).inline;
      expect(again.loyaltyObjects[0]).toMatchObject({ id: objectId, loyaltyPoints: { balance: { int: 7 } } });
      expect(again.loyaltyClasses[0]).toMatchObject({
        hexBackgroundColor: '#7c2d12',
        programLogo: { sourceUri: { uri: 'https://fidelity.example.it/api/wallet/logo/7c2d12.png' } },
      });
    } finally {
      await t.app.db.query('UPDATE businesses SET brand_color = NULL WHERE id = $1', [WALLET_BUSINESS.id]);
    }
    expect(await t.app.wallet.google!.linkFor('no-such-card')).toBeNull();
  });

  it('answers an unknown or malformed save token 404 in Italian, and 429 once the failed-lookup budget is spent', async () => {
    const card = await signupCard(t.app, 'google.token@example.it');
    const token = (await objectOf(card.id)).save_token;
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const guesses = [other, 'abc', `${token}x`, `${token}.pkpass`, encodeURIComponent("' OR 1=1 --")];
    const address = '10.30.0.1';
    for (const guess of guesses) {
      const response = await t.app.inject({ method: 'GET', url: `/api/wallet/google/save/${guess}`, remoteAddress: address });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Carta non trovata: il link Google Wallet non è valido' });
      expect(response.headers.location).toBeUndefined();
    }
    // The budget (5 in this suite) is spent: the rest of the minute answers 429, even a good link.
    const refused = await t.app.inject({ method: 'GET', url: `/api/wallet/google/save/${other}`, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected; good links never spend the budget.
    for (let i = 0; i < 8; i++) await follow(card.wallet!.google!, '10.30.0.2');
    expect((await t.app.inject({ method: 'GET', url: `/api/wallet/google/save/${other}`, remoteAddress: '10.30.0.2' })).statusCode).toBe(404);
  });

  it('caps the short link per address with the wallet routes’ general limit', async () => {
    const card = await signupCard(t.app, 'google.limite@example.it');
    const statuses = [];
    // 30 a minute per route and address in this suite.
    for (let i = 0; i < 31; i++) statuses.push((await t.app.inject({ method: 'GET', url: pathOf(card.wallet!.google!), remoteAddress: '10.30.0.3' })).statusCode);
    expect(statuses).toEqual([...Array(30).fill(302), 429]);
  });

  it('inserts the class and the object with a bearer token from the token endpoint, then updates the object once per balance change', async () => {
    const card = await signupCard(t.app, 'google.due@example.it');
    const { object_id: objectId } = await objectOf(card.id);
    await t.app.wallet.google!.syncs.drain();

    const classCall = google.calls.find((c) => c.path.startsWith('/loyaltyClass'))!;
    expect(classCall).toBeDefined();
    expect(objectCalls(objectId).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /loyaltyObject']);
    for (const call of google.calls) expect(google.issued.has(call.authorization!.replace(/^Bearer /, ''))).toBe(true);
    expect(google.tokenRequests.length).toBeGreaterThan(0);
    for (const request of google.tokenRequests) expect(request).toEqual({ scope: GOOGLE_WALLET_SCOPE, aud: google.tokenUri, iss: devServiceAccount().client_email });
    expect((await objectOf(card.id)).inserted).toBe(true);

    google.reset();
    await addPoints(t.app, card.id, 12);
    expect(await t.app.wallet.google!.syncs.drain()).toBe(1);
    expect(google.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /loyaltyObject/${objectId}`]);
    expect(google.calls[0].body).toMatchObject({ id: objectId, loyaltyPoints: { balance: { int: 12 } }, notifyPreference: 'NOTIFY_ON_UPDATE' });
    // The token is kept: no new one for this call.
    expect(google.tokenRequests).toHaveLength(0);

    // Two statements before the worker's turn share one update, with the newest balance; no change, no call.
    google.reset();
    await t.app.db.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1', [card.id]);
    await t.app.db.query("UPDATE loyalty_cards SET points = points + 1, customer_name = 'Giulia Rossi' WHERE id = $1", [card.id]);
    await t.app.db.query('UPDATE loyalty_cards SET points = points WHERE id = $1', [card.id]);
    expect(await t.app.wallet.google!.syncs.drain()).toBe(1);
    expect(google.calls).toHaveLength(1);
    expect(google.calls[0].body).toMatchObject({ accountName: 'Giulia Rossi', loyaltyPoints: { balance: { int: 14 } } });
    expect(await t.app.wallet.google!.syncs.drain()).toBe(0);
  });

  it('sends a whole balance as int and any other as the Italian text, in the link and the sync, valid for Google’s schema', async () => {
    const card = await signupCard(t.app, 'google.decimali@example.it');
    const { object_id: objectId } = await objectOf(card.id);
    await t.app.wallet.google!.syncs.drain();
    const unit = (await follow(card.wallet!.google!)).inline.loyaltyObjects[0].loyaltyPoints as { label: string };
    const word = unit.label.toLowerCase();
    for (const [add, balance] of [
      [27.5, { string: `27,5 ${word}` }],
      [2477.62, { string: `2.505,12 ${word}` }],
      [0.88, { int: 2506 }],
    ] as const) {
      google.reset();
      await addPoints(t.app, card.id, add);
      // The save link (followed: its JWT's object is checked against the schema in follow)...
      expect((await follow(card.wallet!.google!)).inline.loyaltyObjects[0]).toMatchObject({ loyaltyPoints: { balance } });
      // ...and the REST sync, which the stand-in refuses with 400 as Google would if the schema did.
      expect(await t.app.wallet.google!.syncs.drain()).toBe(1);
      expect(google.refused).toEqual([]);
      expect(google.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /loyaltyObject/${objectId}`]);
      expect(google.calls[0].body).toMatchObject({ loyaltyPoints: { balance } });
      expect(google.stored.objects.get(objectId)).toMatchObject({ loyaltyPoints: { balance } });
    }
  });

  it('has a schema that tells a valid object from an invalid one (the check can fail)', () => {
    const object = { id: `${TEST_GOOGLE_ISSUER_ID}.o`, classId: `${TEST_GOOGLE_ISSUER_ID}.c`, state: 'ACTIVE', loyaltyPoints: { label: 'Punti', balance: { int: 27 } } };
    expect(googleSchemaErrors('LoyaltyObject', object)).toEqual([]);
    // The object that once carried a decimal in an `int` field.
    expect(googleSchemaErrors('LoyaltyObject', { ...object, loyaltyPoints: { label: 'Punti', balance: { int: 2505.12 } } }).join()).toMatch(/\/loyaltyPoints\/balance\/int must be integer/);
    expect(googleSchemaErrors('LoyaltyObject', { ...object, loyaltyPoints: { label: 'Punti', balance: { int: 2 ** 31 } } })).not.toEqual([]);
    expect(googleSchemaErrors('LoyaltyObject', { ...object, state: 'ATTIVO' })).not.toEqual([]);
    expect(googleSchemaErrors('LoyaltyObject', { ...object, balance: 27 })).not.toEqual([]);
    expect(googleSchemaErrors('LoyaltyObject', { ...object, loyaltyPoints: { label: 'Punti', balance: { string: '27,5 punti' } } })).toEqual([]);
  });

  it('updates an object Google already has (saved from the link first), and a class it already has', async () => {
    const card = await signupCard(t.app, 'google.tre@example.it');
    const { object_id: objectId } = await objectOf(card.id);
    google.stored.objects.set(objectId, { id: objectId });
    await t.app.wallet.google!.syncs.drain();
    expect(google.calls.filter((c) => c.path.startsWith('/loyaltyClass')).map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(objectCalls(objectId).map((c) => c.method)).toEqual(['POST', 'PUT']);
    expect(google.stored.objects.get(objectId)).toMatchObject({ accountId: card.card_number });
  });

  it('retries a sync Google failed (500), then succeeds', async () => {
    const card = await signupCard(t.app, 'google.quattro@example.it');
    await t.app.wallet.google!.syncs.drain();
    const { object_id: objectId } = await objectOf(card.id);
    google.reset();
    const before = (await t.app.db.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM wallet_google_jobs')).rows[0].id;
    google.planned.push(500, 503);
    await addPoints(t.app, card.id, 5);
    const jobs = () => t.app.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM wallet_google_jobs WHERE object_id = $1 AND id > $2', [objectId, before]);
    await drainUntil(t.app, async () => (await jobs()).rows.every((r) => r.status === 'sent'));
    expect(google.calls.map((c) => c.method)).toEqual(['PUT', 'PUT', 'PUT']);
    expect(google.calls[2].body).toMatchObject({ loyaltyPoints: { balance: { int: 5 } } });
    expect((await jobs()).rows).toEqual([{ status: 'sent', attempts: 3 }]);
  });

  it('retries when the token endpoint fails, and gives up after the configured attempts', async () => {
    // A fresh app: no token kept from the other tests.
    const other = await startTestApp(variant, { seedDemo: true, wallet: { apple: null, google: googleConfig(google.apiUrl, google.tokenUri) }, messaging: { worker } });
    try {
      const card = await signupCard(other.app, 'google.cinque@example.it');
      google.failTokens(500);
      // Retries wait a millisecond; a drain stops when nothing is due, and a retry may not be due yet when it
      // looks (the database's clock decides): drain until the job has left the queue.
      const jobs = async () => (await other.app.db.query<{ status: string }>('SELECT status, attempts, last_error FROM wallet_google_jobs')).rows;
      await drainUntil(other.app, async () => (await jobs()).every((job) => job.status !== 'queued'));
      const rows = await jobs();
      expect(rows).toEqual([{ status: 'failed', attempts: 3, last_error: 'OAuth token 500: internal_failure' }]);
      expect(google.tokenRequests).toHaveLength(3);
      expect(google.calls).toHaveLength(0);
      expect((await other.app.db.query('SELECT inserted FROM wallet_google_objects WHERE card_id = $1', [card.id])).rows).toEqual([{ inserted: false }]);
    } finally {
      await other.close();
    }
  });

  it('sends Google a class with a programLogo the API serves as a 660 × 660 PNG in the shop’s colour', async () => {
    await t.app.db.query("UPDATE businesses SET brand_color = '#f5e6c8' WHERE id = $1", [WALLET_BUSINESS.id]);
    try {
      await signupCard(t.app, 'google.logo@example.it');
      // A fresh business class at the stand-in: the first sync of this card inserts or patches it.
      google.stored.classes.clear();
      await t.app.wallet.google!.syncs.drain();
      const classCall = google.calls.find((c) => c.path.startsWith('/loyaltyClass'))!;
      expect(classCall.body).toMatchObject({
        programLogo: {
          sourceUri: { uri: 'https://fidelity.example.it/api/wallet/logo/f5e6c8.png' },
          contentDescription: { defaultValue: { language: 'it-IT', value: WALLET_BUSINESS.name } },
        },
      });
      const uri = (classCall.body!.programLogo as { sourceUri: { uri: string } }).sourceUri.uri;
      const response = await t.app.inject({ method: 'GET', url: pathOf(uri) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const png = PNG.sync.read(response.rawPayload);
      expect([png.width, png.height]).toEqual([660, 660]);
      const pixel = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
      // Full bleed in the shop's colour (corner and centre), the ring in near black on this light colour.
      expect(pixel(0, 0)).toEqual([0xf5, 0xe6, 0xc8]);
      expect(pixel(330, 330)).toEqual([0xf5, 0xe6, 0xc8]);
      expect(pixel(330 + 165, 330)).toEqual([17, 24, 39]);
      // A dark colour gets a white ring.
      const dark = PNG.sync.read((await t.app.inject({ method: 'GET', url: '/api/wallet/logo/1e3a8a.png' })).rawPayload);
      expect([...dark.data.subarray(0, 3)]).toEqual([0x1e, 0x3a, 0x8a]);
      expect([...dark.data.subarray((330 * 660 + 330 - 165) * 4, (330 * 660 + 330 - 165) * 4 + 3)]).toEqual([255, 255, 255]);
    } finally {
      await t.app.db.query('UPDATE businesses SET brand_color = NULL WHERE id = $1', [WALLET_BUSINESS.id]);
    }
    // A name that is no colour counts as a failed lookup (decision 059): each from an address of its own, so that
    // the budget (5 here) does not answer 429 before every name is seen.
    for (const [i, file] of ['zzzzzz.png', '1E3A8A.png', '1e3a8a.jpg', '1e3a8a', '1e3a8a0.png', '1e3a8.png', '%231e3a8a.png'].entries()) {
      const response = await t.app.inject({ method: 'GET', url: `/api/wallet/logo/${file}`, remoteAddress: `10.44.0.${i + 1}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Logo non trovato: il colore deve essere di 6 cifre esadecimali minuscole (es. 1e3a8a.png)' });
    }
  });
});

describeEachDatabase('Google Wallet not configured', (variant) => {
  it('gives no link, calls nothing, and answers the short link 404 in Italian', async () => {
    const google = await startGoogle();
    const t = await startTestApp(variant, { seedDemo: true, wallet: { apple: null, google: null }, messaging: { worker } });
    try {
      expect(t.app.wallet.google).toBeNull();
      const card = await signupCard(t.app, 'google.off@example.it');
      expect(card.wallet).toBeUndefined();
      await addPoints(t.app, card.id, 3);
      expect((await t.app.db.query('SELECT 1 FROM wallet_google_jobs UNION ALL SELECT 1 FROM wallet_google_objects')).rows).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(google.calls).toHaveLength(0);
      expect(google.tokenRequests).toHaveLength(0);
      const response = await t.app.inject({ method: 'GET', url: `/api/wallet/google/save/${'A'.repeat(43)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Google Wallet non è configurato' });
    } finally {
      await t.close();
      await google.close();
    }
  });
});

describeEachDatabase('Google Wallet secrets and the logs', (variant) => {
  it('logs neither the private key, an access token, the save link’s token nor its JWT, and fails soft where Google cannot be reached', async () => {
    const google = await startGoogle();
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    const database = await variant.create();
    const app = buildApp(
      testConfig(database.config, { logLevel: 'trace', seedDemo: true, wallet: { apple: null, google: googleConfig(google.apiUrl, google.tokenUri) }, messaging: { worker } }),
      { logStream: stream },
    );
    try {
      await app.ready();
      const card = await signupCard(app, 'log.google@example.it');
      expect(card.wallet?.google).toBeDefined();
      google.planned.push(500); // the class insert fails once: logged
      await drainUntil(app, async () => (await app.db.query("SELECT 1 FROM wallet_google_objects WHERE inserted")).rows.length > 0);
      await addPoints(app, card.id, 2);
      await app.wallet.google!.syncs.drain();
      expect(google.issued.size).toBeGreaterThan(0);
      expect(text).toContain('Google Wallet sync failed');
      const keyLines = devServiceAccount().private_key.split('\n').slice(1, -2);
      for (const secret of [...google.issued, ...keyLines]) expect(text).not.toContain(secret);
      // The short link followed: the log keeps its route, neither the token nor the JWT it redirects to.
      const token = card.wallet!.google!.split('/').pop()!;
      const followed = await app.inject({ method: 'GET', url: pathOf(card.wallet!.google!) });
      expect(followed.statusCode).toBe(302);
      const jwt = String(followed.headers.location).slice(GOOGLE_SAVE_URL.length);
      expect(jwt.length).toBeGreaterThan(500);
      expect((await app.inject({ method: 'GET', url: `/api/wallet/google/save/${token.slice(1)}x` })).statusCode).toBe(404);
      expect(text).toContain('/api/wallet/google/save/[redacted]');
      for (const secret of [token, token.slice(1), jwt, jwt.split('.')[1].slice(0, 40)]) expect(text).not.toContain(secret);
    } finally {
      await app.close();
      await database.drop();
    }

    // The development values: Google (here, nothing at all) cannot be reached. The link is still made; the sync waits.
    const unreachable = await startTestApp(variant, {
      seedDemo: true,
      wallet: { apple: null, google: googleConfig('http://127.0.0.1:9/walletobjects/v1', 'http://127.0.0.1:9/token') },
      messaging: { worker: { ...worker, retryBaseMs: 60_000, retryMaxMs: 60_000 } },
    });
    try {
      const card = await signupCard(unreachable.app, 'dev.google@example.it');
      expect(card.wallet?.google).toMatch(/\/api\/wallet\/google\/save\/[A-Za-z0-9_-]{43}$/);
      expect((await unreachable.app.inject({ method: 'GET', url: pathOf(card.wallet!.google!) })).headers.location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
      await unreachable.app.wallet.google!.syncs.drain();
      const { rows } = await unreachable.app.db.query('SELECT status, attempts, last_error FROM wallet_google_jobs');
      expect(rows).toEqual([{ status: 'queued', attempts: 1, last_error: expect.stringMatching(/^OAuth token: /) }]);
    } finally {
      await unreachable.close();
      await google.close();
    }
  });
});

/** Decision 044: migration 017 gives every Google object made before it its own save token, and new ones get theirs. */
describeEachDatabase('migration 017: save tokens of the Google objects', (variant) => {
  it('fills a distinct 43-character token for each existing object, then requires one', async () => {
    const database = await variant.create({ migrated: false });
    const db = await createDb(database.config);
    try {
      const before = readMigrations().filter((m) => m.version < '017');
      expect(before.at(-1)!.version).toBe('016_wallet_google');
      await migrate(db, before);
      await db.exec(`
        INSERT INTO users (id, email, full_name, role) VALUES ('u-017', 'admin.017@test.it', 'Admin', 'admin');
        INSERT INTO businesses (id, name, owner_id) VALUES ('b-017', 'Bar 017', 'u-017');
        INSERT INTO loyalty_cards (id, business_id, card_number, customer_name) VALUES
          ('c-1', 'b-017', 'LC-01700001', 'Uno'), ('c-2', 'b-017', 'LC-01700002', 'Due'), ('c-3', 'b-017', 'LC-01700003', 'Tre');
        INSERT INTO wallet_google_objects (card_id, object_id) VALUES ('c-1', 'issuer.o1'), ('c-2', 'issuer.o2');
      `);
      // Up to 017 only: later migrations are not this test's subject.
      expect(await migrate(db, readMigrations().filter((m) => m.version < '018'))).toEqual(['017_wallet_google_save_token']);
      const { rows } = await db.query<{ card_id: string; save_token: string }>('SELECT card_id, save_token FROM wallet_google_objects ORDER BY card_id');
      expect(rows.map((r) => r.card_id)).toEqual(['c-1', 'c-2']);
      for (const row of rows) expect(row.save_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(rows[0].save_token).not.toBe(rows[1].save_token);
      // From now on a token is required and unique.
      await expect(db.query("INSERT INTO wallet_google_objects (card_id, object_id) VALUES ('c-3', 'issuer.o3')")).rejects.toThrow();
      await expect(db.query("INSERT INTO wallet_google_objects (card_id, object_id, save_token) VALUES ('c-3', 'issuer.o3', $1)", [rows[0].save_token])).rejects.toThrow();
      const repo = createGoogleWalletRepository(db, 'issuer');
      const made = await repo.ensureObject('c-3');
      expect(made).toMatchObject({ made: true, record: { card_id: 'c-3', save_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
      expect((await repo.content('save_token', rows[1].save_token))?.card_id).toBe('c-2');
      expect(await repo.content('save_token', 'A'.repeat(43))).toBeNull();
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
