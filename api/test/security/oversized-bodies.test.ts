/**
 * An oversized body always gets the Italian 413 answer, never a closed or reset connection (decision 061): real
 * sockets stream 20–25 MB files to the cards import and 2–5 MB JSON bodies to `POST /api/campaigns` of a
 * listening API, with their length declared and chunked, several at once. Before the API read the rest of a
 * refused body, it answered and closed while the client was still sending: 8–20 of 20 uploads and 4 of 9
 * campaigns got a reset instead of the answer. The same through the /api proxy: tools/test/api-proxy.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainBody, shouldDrain } from '../../src/refused-body';
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { listenForFlood } from '../helpers/health-latency';
import { uploadOversized, type OversizedUpload, type UploadOutcome } from '../helpers/oversized-upload';
import { DEMO_BUSINESSES } from '../../src/seed/demo';

const BAR = DEMO_BUSINESSES[0].id;
const MB = 1024 * 1024;

describeEachDatabase('oversized bodies get their 413 answer', (variant) => {
  let t: TestApp;
  let baseUrl: string;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    baseUrl = await listenForFlood(t.app);
  });
  afterAll(() => t?.close());

  /** Five at once, then five more: every one must end in the answer. */
  async function inTwoWaves(count: number, upload: (i: number) => OversizedUpload): Promise<UploadOutcome[]> {
    const outcomes: UploadOutcome[] = [];
    for (let wave = 0; wave < count; wave += 5) {
      outcomes.push(...(await uploadOversized(Array.from({ length: Math.min(5, count - wave) }, (_, i) => upload(wave + i)))));
    }
    return outcomes;
  }

  it('ten 20–25 MB CSV files, declared and chunked: every one answered 413 with the import’s Italian sentence', async () => {
    const outcomes = await inTwoWaves(10, (i) => ({
      url: `${baseUrl}/api/loyalty-cards/business/${BAR}/import?dry_run=true`,
      bytes: 20 * MB + 1 + i * (MB / 2),
      headers: { ...admin, 'content-type': 'text/csv' },
      chunked: i % 2 === 1,
    }));
    expect(outcomes).toEqual(Array(10).fill({ status: 413, body: JSON.stringify({ error: 'Il file è troppo grande: al massimo 20 MB.' }) }));
    // The instance goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 180_000);

  it('ten 2–5 MB campaigns, declared and chunked: every one answered 413 «Richiesta troppo grande»', async () => {
    const outcomes = await inTwoWaves(10, (i) => ({
      url: `${baseUrl}/api/campaigns`,
      bytes: 2 * MB + i * Math.floor(MB / 3),
      headers: { ...admin, 'content-type': 'application/json' },
      chunked: i % 2 === 1,
    }));
    expect(outcomes).toEqual(Array(10).fill({ status: 413, body: JSON.stringify({ error: 'Richiesta troppo grande' }) }));
  }, 120_000);
});

/** The reading of a refused body is bounded: a client cannot hold the connection with an endless or stalled body. */
describe('reading a refused body stops at its limits', () => {
  const limits = { maxBytes: 1024 * 1024, maxMs: 300 };

  /** A server that reads each request's body with `drainBody` and answers what it returned and how long it took. */
  async function drainingServer() {
    const server = http.createServer((request, response) => {
      const started = performance.now();
      if (!shouldDrain(request, 413, true, limits)) return void response.end(JSON.stringify({ drained: 'not read' }));
      void drainBody(request, limits).then((ended) => response.end(JSON.stringify({ drained: ended, ms: Math.round(performance.now() - started) })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
  }

  const answer = (url: string, body: (request: http.ClientRequest) => void, headers: Record<string, string> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', agent: false, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
      });
      request.on('error', reject);
      body(request);
    });

  it('reads a body to its end, gives up past the byte limit or the time limit, and does not read one declared larger', async () => {
    const { server, url } = await drainingServer();
    try {
      expect(await answer(url, (r) => r.end(Buffer.alloc(512 * 1024)))).toMatchObject({ drained: true });
      // Far more than the limit, sent chunked: given up once the limit is passed (the client is cut off meanwhile).
      const endless = await answer(url, (r) => {
        const chunk = Buffer.alloc(64 * 1024);
        const write = () => {
          while (!r.destroyed && r.write(chunk));
          if (!r.destroyed) r.once('drain', write);
        };
        write();
      });
      expect(endless).toMatchObject({ drained: false });
      // A client that stops sending half-way: given up after the time limit.
      const stalled = await answer(url, (r) => r.write(Buffer.alloc(1000)), { 'content-length': '5000' });
      expect(stalled.drained).toBe(false);
      expect(stalled.ms).toBeGreaterThanOrEqual(250);
      expect(await answer(url, (r) => r.end(), { 'content-length': String(2 * 1024 * 1024) }).catch(() => ({ drained: 'not read' }))).toEqual({ drained: 'not read' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
