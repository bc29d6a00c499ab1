/**
 * Issue 21: Google Wallet against a local HTTP stand-in of its REST API and of Google's OAuth token endpoint
 * (the test service account's token_uri points at it). The save link's JWT verifies with the service
 * account's public key and names the card's object and its class; the REST calls carry a bearer token the
 * token endpoint issued for a verified assertion; a balance change updates the object once; a failing Google is
 * retried; nothing happens when Google Wallet is not configured; no key or token reaches the logs.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { jwtVerify, decodeJwt } from 'jose';
import type { App } from '../src/app';
import { buildApp } from '../src/app';
import { addPointsLink } from '../src/services/qrcode';
import { GOOGLE_SAVE_URL, GOOGLE_WALLET_SCOPE } from '../src/wallet/google';
import { authHeader, demoAccount, startTestApp, testConfig, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { TEST_GOOGLE_ISSUER_ID, WALLET_BUSINESS, devServiceAccount, googleConfig, signupCard } from './helpers/wallet';

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
    stored,
    failTokens: (status: number) => (tokenStatus = status),
    reset() {
      calls.length = 0;
      planned.length = 0;
      tokenRequests.length = 0;
      tokenStatus = 200;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Google = Awaited<ReturnType<typeof startGoogle>>;
const worker = { enabled: false, retryBaseMs: 1, retryMaxMs: 1, maxAttempts: 3 };

const addPoints = async (app: App, cardId: string, points: number) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/loyalty-cards/${cardId}/points`,
    headers: await authHeader(app, demoAccount('admin').email, demoAccount('admin').password),
    payload: { points, description: 'Spesa' },
  });
  expect(response.statusCode).toBe(200);
};

/** Drains until `done` holds (retries wait a millisecond), at most a few rounds. */
async function drainUntil(app: App, done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 20 && !(await done()); i++) {
    await app.wallet.google!.syncs.drain();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describeEachDatabase('Google Wallet (issue 21)', (variant) => {
  let t: TestApp;
  let google: Google;
  beforeAll(async () => {
    google = await startGoogle();
    t = await startTestApp(variant, {
      seedDemo: true,
      dashboardBaseUrl: 'https://fidelity.example.it',
      wallet: { apple: null, google: googleConfig(google.apiUrl, google.tokenUri) },
      messaging: { worker },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });
  beforeEach(() => google.reset());

  const objectOf = async (cardId: string) =>
    (await t.app.db.query<{ object_id: string; inserted: boolean }>('SELECT object_id, inserted FROM wallet_google_objects WHERE card_id = $1', [cardId])).rows[0];
  const objectCalls = (objectId: string) => google.calls.filter((c) => c.path.startsWith('/loyaltyObject') && (c.body?.id === objectId || c.path.endsWith(objectId)));

  it('gives a save link whose JWT verifies with the service account key and names the card’s object and class', async () => {
    const card = await signupCard(t.app, 'google.uno@example.it');
    const link = card.wallet!.google!;
    expect(link.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = link.slice(GOOGLE_SAVE_URL.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, publicKey(), { algorithms: ['RS256'], issuer: devServiceAccount().client_email, audience: 'google' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://fidelity.example.it']);

    const { object_id: objectId } = await objectOf(card.id);
    expect(objectId.startsWith(`${TEST_GOOGLE_ISSUER_ID}.`)).toBe(true);
    expect(objectId).not.toContain(card.id);
    const classId = `${TEST_GOOGLE_ISSUER_ID}.business-${WALLET_BUSINESS.id}`;
    const inline = payload.payload as { loyaltyClasses: Record<string, unknown>[]; loyaltyObjects: Record<string, unknown>[] };
    expect(inline.loyaltyClasses).toEqual([
      expect.objectContaining({ id: classId, programName: WALLET_BUSINESS.name, hexBackgroundColor: '#1e3a8a', reviewStatus: 'UNDER_REVIEW' }),
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

    // The same object on the next call; the shop's colour once it has one.
    await t.app.db.query("UPDATE businesses SET brand_color = '#7c2d12' WHERE id = $1", [WALLET_BUSINESS.id]);
    const again = decodeJwt((await t.app.wallet.google!.linkFor(card.id))!.slice(GOOGLE_SAVE_URL.length));
    const againInline = again.payload as typeof inline;
    expect(againInline.loyaltyObjects[0].id).toBe(objectId);
    expect(againInline.loyaltyClasses[0].hexBackgroundColor).toBe('#7c2d12');
    await t.app.db.query('UPDATE businesses SET brand_color = NULL WHERE id = $1', [WALLET_BUSINESS.id]);
    expect(await t.app.wallet.google!.linkFor('no-such-card')).toBeNull();
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
      // Retries wait a millisecond: one drain runs them all.
      await other.app.wallet.google!.syncs.drain();
      const { rows } = await other.app.db.query('SELECT status, attempts, last_error FROM wallet_google_jobs');
      expect(rows).toEqual([{ status: 'failed', attempts: 3, last_error: 'OAuth token 500: internal_failure' }]);
      expect(google.tokenRequests).toHaveLength(3);
      expect(google.calls).toHaveLength(0);
      expect((await other.app.db.query('SELECT inserted FROM wallet_google_objects WHERE card_id = $1', [card.id])).rows).toEqual([{ inserted: false }]);
    } finally {
      await other.close();
    }
  });
});

describeEachDatabase('Google Wallet not configured (issue 21)', (variant) => {
  it('gives no link and calls nothing', async () => {
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
    } finally {
      await t.close();
      await google.close();
    }
  });
});

describeEachDatabase('Google Wallet secrets and the logs (issue 21)', (variant) => {
  it('logs neither the private key nor an access token, and fails soft where Google cannot be reached', async () => {
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
      expect(text).not.toContain(card.wallet!.google!.slice(GOOGLE_SAVE_URL.length));
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
      expect(card.wallet?.google?.startsWith(GOOGLE_SAVE_URL)).toBe(true);
      await unreachable.app.wallet.google!.syncs.drain();
      const { rows } = await unreachable.app.db.query('SELECT status, attempts, last_error FROM wallet_google_jobs');
      expect(rows).toEqual([{ status: 'queued', attempts: 1, last_error: expect.stringMatching(/^OAuth token: /) }]);
    } finally {
      await unreachable.close();
      await google.close();
    }
  });
});
