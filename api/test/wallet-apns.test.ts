/**
 * Pass updates pushed through APNs. A local HTTP/2 TLS stand-in of APNs that requires a client
 * certificate signed by the development CA (requestCert, rejectUnauthorized): one push per registered device
 * per balance change (from the points route and from plain SQL), topic = pass type id, payload {}, the pass
 * certificate as client certificate; none for cards without devices or for a device that unregistered; a failed
 * push retried with backoff; a device APNs says is gone (410) forgotten.
 */
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { addPoints, appleConfig, devCertificates, signupCard } from './helpers/wallet';

const TYPE = 'pass.it.localhost.fidelity';

interface Received {
  path: string;
  topic: string | undefined;
  body: string;
  /** The client certificate's pass type id (subject UID). */
  clientUid: string | undefined;
}

/** APNs stand-in: answers each push with the next planned status (200 when none is planned). */
async function startApns() {
  const certs = devCertificates();
  const server = certs.issueServer(['127.0.0.1', 'localhost']);
  const received: Received[] = [];
  const planned: number[] = [];
  let handshakesRefused = 0;
  const apns = http2.createSecureServer({ key: server.key, cert: server.cert, ca: [certs.ca.cert, certs.wwdr.cert], requestCert: true, rejectUnauthorized: true });
  apns.on('tlsClientError', () => {
    handshakesRefused++;
  });
  apns.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const peer = (stream.session!.socket as TLSSocket).getPeerCertificate();
      received.push({ path: String(headers[':path']), topic: headers['apns-topic'] as string | undefined, body, clientUid: peer.subject?.UID as string | undefined });
      const status = planned.shift() ?? 200;
      stream.respond({ ':status': status, 'content-type': 'application/json' });
      stream.end(status === 200 ? '' : JSON.stringify({ reason: status === 410 ? 'Unregistered' : 'InternalServerError' }));
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(apns.address() as AddressInfo).port}`,
    received,
    planned,
    refused: () => handshakesRefused,
    close: () => new Promise<void>((resolve) => apns.close(() => resolve())),
  };
}

describeEachDatabase('Apple Wallet pushes through APNs', (variant) => {
  let t: TestApp;
  let apns: Awaited<ReturnType<typeof startApns>>;
  beforeAll(async () => {
    apns = await startApns();
    t = await startTestApp(
      variant,
      {
        seedDemo: true,
        wallet: { apple: appleConfig(apns.origin) },
        // The worker is driven by hand (drain); retries wait 1 ms, so a drain also runs them.
        messaging: { worker: { enabled: false, retryBaseMs: 1, retryMaxMs: 1, maxAttempts: 3 } },
      },
      { walletApnsCa: devCertificates().ca.cert },
    );
  });
  afterAll(async () => {
    await t.close();
    await apns.close();
  });
  beforeEach(() => {
    apns.received.length = 0;
    apns.planned.length = 0;
  });

  async function cardWithDevices(email: string, devices: string[]) {
    const card = await signupCard(t.app, email);
    const { rows } = await t.app.db.query<{ serial_number: string; auth_token: string }>('SELECT serial_number, auth_token FROM wallet_passes WHERE card_id = $1', [card.id]);
    for (const device of devices) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/wallet/apple/v1/devices/${device}/registrations/${TYPE}/${rows[0].serial_number}`,
        headers: { authorization: `ApplePass ${rows[0].auth_token}` },
        payload: { pushToken: `token-${device}` },
      });
      expect(response.statusCode).toBe(201);
    }
    return { ...card, serial: rows[0].serial_number, authToken: rows[0].auth_token };
  }
  const pushedTokens = () => apns.received.map((r) => r.path.replace('/3/device/', '')).sort();
  /** The push queue's finished jobs as `loyalty_jobs_finished_total` counts them (GET /api/metrics exposes it). */
  const finishedPushes = async () => {
    const counts = { sent: 0, retried: 0, failed: 0 };
    for (const { labels, value } of (await t.app.jobs.finishedCounter.get()).values) {
      if (labels.queue === 'wallet-push') counts[labels.outcome as keyof typeof counts] = value;
    }
    return counts;
  };
  const since = (before: Awaited<ReturnType<typeof finishedPushes>>, after: typeof before) => ({
    sent: after.sent - before.sent,
    retried: after.retried - before.retried,
    failed: after.failed - before.failed,
  });

  it('sends one push per registered device per balance change, with the pass certificate, topic and an empty payload', async () => {
    const a = await cardWithDevices('apns.uno@example.it', ['phone-1', 'watch-1']);
    const quiet = await cardWithDevices('apns.due@example.it', []);

    await addPoints(t.app, a.id, 10);
    await addPoints(t.app, quiet.id, 10);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(2);
    expect(pushedTokens()).toEqual(['token-phone-1', 'token-watch-1']);
    for (const push of apns.received) expect(push).toMatchObject({ topic: TYPE, body: '{}', clientUid: TYPE });
    expect(apns.refused()).toBe(0);

    // The next change: one more each. A change that leaves the balance as it was: none.
    apns.received.length = 0;
    await t.app.db.query('UPDATE loyalty_cards SET points = points - 3 WHERE id = $1', [a.id]);
    await t.app.db.query('UPDATE loyalty_cards SET points = points WHERE id = $1', [a.id]);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(2);
    expect(pushedTokens()).toEqual(['token-phone-1', 'token-watch-1']);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(0);

    // The device asking afterwards finds the pass listed, with the new balance.
    const listed = await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/devices/phone-1/registrations/${TYPE}?passesUpdatedSince=0` });
    expect(listed.json().serialNumbers).toEqual([a.serial]);
    const pass = await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/passes/${TYPE}/${a.serial}`, headers: { authorization: `ApplePass ${a.authToken}` } });
    expect(pass.rawPayload.includes(Buffer.from('"value":7'))).toBe(true);
  });

  it('a device following the PassKit protocol on each push ends on the newest pass after every change, also two in one second', async () => {
    const card = await cardWithDevices('apns.secondo@example.it', ['phone-same-second']);
    const auth = { authorization: `ApplePass ${card.authToken}` };
    // The device as Wallet behaves on a push: the serials updated since its tag, then each pass with
    // If-Modified-Since the Last-Modified it holds (a 304 keeps the pass it has).
    const held = { tag: undefined as string | undefined, lastModified: undefined as string | undefined, balance: undefined as number | undefined };
    const lastModifieds: string[] = [];
    async function sync() {
      const query = held.tag === undefined ? '' : `?passesUpdatedSince=${held.tag}`;
      const listed = await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/devices/phone-same-second/registrations/${TYPE}${query}` });
      if (listed.statusCode === 204) return;
      expect(listed.statusCode).toBe(200);
      held.tag = listed.json().lastUpdated as string;
      expect(listed.json().serialNumbers).toEqual([card.serial]);
      const headers = { ...auth, ...(held.lastModified ? { 'if-modified-since': held.lastModified } : {}) };
      const answer = await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/passes/${TYPE}/${card.serial}`, headers });
      if (answer.statusCode === 304) return;
      expect(answer.statusCode).toBe(200);
      held.lastModified = answer.headers['last-modified'] as string;
      lastModifieds.push(held.lastModified);
      const balance = /"key":"balance","label":"(?:Punti|Timbri)","value":(\d+)/.exec(answer.rawPayload.toString('latin1'));
      held.balance = Number(balance![1]);
    }
    await sync();
    expect(held.balance).toBe(0);

    // Changes one right after the other, the device syncing on each push APNs delivers: several land in one second.
    const changedAt: number[] = [];
    for (let points = 1; points <= 8; points++) {
      apns.received.length = 0;
      changedAt.push(Date.now());
      await t.app.db.query('UPDATE loyalty_cards SET points = $2 WHERE id = $1', [card.id, points]);
      expect(await t.app.wallet.apple!.pushes.drain()).toBe(1);
      expect(pushedTokens()).toEqual(['token-phone-same-second']);
      await sync();
      expect(held.balance).toBe(points);
    }
    expect(changedAt.some((at, i) => i > 0 && Math.floor(at / 1000) === Math.floor(changedAt[i - 1] / 1000))).toBe(true);
    // Last-Modified moved forward on every change (HTTP dates: whole seconds), and nothing new is nothing listed.
    const times = lastModifieds.map((d) => Date.parse(d));
    expect(times).toHaveLength(9);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    const after = await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/devices/phone-same-second/registrations/${TYPE}?passesUpdatedSince=${held.tag}` });
    expect(after.statusCode).toBe(204);
  });

  it('sends nothing to a device that unregistered', async () => {
    const card = await cardWithDevices('apns.tre@example.it', ['phone-3', 'tablet-3']);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/wallet/apple/v1/devices/tablet-3/registrations/${TYPE}/${card.serial}`,
      headers: { authorization: `ApplePass ${card.authToken}` },
    });
    expect(gone.statusCode).toBe(200);
    await addPoints(t.app, card.id, 4);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(1);
    expect(pushedTokens()).toEqual(['token-phone-3']);
  });

  it('pushes for every card one statement changes (a sweep, an import), once per device', async () => {
    const one = await cardWithDevices('apns.bulk1@example.it', ['phone-b1']);
    const two = await cardWithDevices('apns.bulk2@example.it', ['phone-b2', 'watch-b2']);
    const none = await signupCard(t.app, 'apns.bulk3@example.it');
    await t.app.db.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = ANY($1::text[])', [[one.id, two.id, none.id]]);
    // A second change before the worker's turn shares the queued pushes.
    await t.app.db.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = ANY($1::text[])', [[one.id, two.id]]);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(3);
    expect(pushedTokens()).toEqual(['token-phone-b1', 'token-phone-b2', 'token-watch-b2']);
  });

  it('retries a push APNs failed, and forgets a device APNs says is gone (410)', async () => {
    const card = await cardWithDevices('apns.quattro@example.it', ['phone-4']);
    const before = await finishedPushes();
    apns.planned.push(500, 500); // two failures, then 200
    await addPoints(t.app, card.id, 2);
    let handled = 0;
    for (let i = 0; i < 20 && handled < 3; i++) {
      handled += await t.app.wallet.apple!.pushes.drain();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(pushedTokens()).toEqual(['token-phone-4', 'token-phone-4', 'token-phone-4']);
    const { rows } = await t.app.db.query('SELECT status, attempts FROM wallet_push_jobs WHERE device_library_id = $1', ['phone-4']);
    expect(rows).toEqual([{ status: 'sent', attempts: 3 }]);
    const retriedThenSent = await finishedPushes();
    expect(since(before, retriedThenSent)).toEqual({ sent: 1, retried: 2, failed: 0 });

    apns.received.length = 0;
    apns.planned.push(410);
    await addPoints(t.app, card.id, 2);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(0);
    expect(apns.received).toHaveLength(1);
    expect((await t.app.db.query('SELECT 1 FROM wallet_registrations WHERE device_library_id = $1', ['phone-4'])).rows).toEqual([]);
    expect(since(retriedThenSent, await finishedPushes())).toEqual({ sent: 0, retried: 0, failed: 1 });
    // No registration left: the next change pushes nothing.
    await addPoints(t.app, card.id, 2);
    expect(await t.app.wallet.apple!.pushes.drain()).toBe(0);
  });

  it('gives up after the configured attempts', async () => {
    const card = await cardWithDevices('apns.cinque@example.it', ['phone-5']);
    apns.planned.push(500, 500, 500, 500);
    await addPoints(t.app, card.id, 1);
    for (let i = 0; i < 10; i++) {
      await t.app.wallet.apple!.pushes.drain();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(apns.received).toHaveLength(3);
    const { rows } = await t.app.db.query('SELECT status, attempts FROM wallet_push_jobs WHERE device_library_id = $1', ['phone-5']);
    expect(rows).toEqual([{ status: 'failed', attempts: 3 }]);
  });
});

describe('APNs stand-in refuses a client without the certificate', () => {
  it('fails the TLS handshake of a client that shows none', async () => {
    const apns = await startApns();
    try {
      const outcome = await new Promise<string>((resolve) => {
        const session = http2.connect(apns.origin, { ca: devCertificates().ca.cert });
        session.on('error', (error) => resolve(`error: ${error.message}`));
        const request = session.request({ ':method': 'POST', ':path': '/3/device/x' });
        request.on('response', (headers) => resolve(`status ${headers[':status']}`));
        request.on('error', (error) => resolve(`error: ${error.message}`));
        request.end('{}');
      });
      expect(outcome).toMatch(/^error/);
      expect(apns.received).toHaveLength(0);
    } finally {
      await apns.close();
    }
  });
});
