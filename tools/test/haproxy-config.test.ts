/**
 * deploy/haproxy/haproxy.cfg as shipped (only its environment set), in front of two small HTTP servers that record
 * what reaches them: which requests are sent again (a read that got no answer or a 503 — yes; a write — never), the
 * client's address and the proxy secret as the API expects them, the body bound. The drill
 * (tools/test/haproxy-drill.test.ts) runs the same file in front of real API instances.
 * Skipped on a developer machine without haproxy; required on CI (CI set). Ports: DRILL_PORT_BASE (default 6270) +40…+43.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { haproxyVersion, startHaproxy as startShippedHaproxy, type Haproxy } from '../src/haproxy';

jest.setTimeout(60_000);

const PORT_BASE = Number(process.env.DRILL_PORT_BASE || 6270) + 40;
const LB = `http://127.0.0.1:${PORT_BASE}`;
const SECRET = 'segreto-del-proxy-di-almeno-32-caratteri';
const haproxyInstalled = haproxyVersion() !== null;

interface Hit {
  server: string;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * The two recording servers run in a worker thread of their own: HAProxy checks them every 250 ms and counts one
 * check without an answer within 1 s as down (the shipped `fall 1`), and this thread is busy sending 21 MB to them.
 * Sharing its event loop on a loaded machine took both out of rotation mid-upload (CI: `write EPIPE`).
 */
const RECORDERS = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const hits = [];
const backend = (name) =>
  http.createServer((req, res) => {
    if (req.url !== '/api/health') hits.push({ server: name, method: req.method || '', url: req.url || '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/health') return res.end('{"status":"ok","database":"ok"}');
      if (req.url === '/api/nessuna-risposta') return req.socket.destroy();
      if (req.url === '/api/occupato') {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end('{"error":"Servizio momentaneamente occupato"}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
const servers = [backend('a'), backend('b')];
Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r)))).then(() =>
  parentPort.postMessage({ ports: servers.map((s) => s.address().port) }),
);
parentPort.on('message', (msg) => {
  if (msg === 'hits') parentPort.postMessage({ hits });
  if (msg === 'close') Promise.all(servers.map((s) => new Promise((r) => s.close(r)))).then(() => parentPort.postMessage({ closed: true }));
});
`;

describe('HAProxy with the shipped configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-config-'));
  let recorders: Worker | undefined;
  let ports: number[] = [];
  const ask = <T,>(msg: string, key: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (reply: Record<string, unknown>) => {
        if (!(key in reply)) return;
        recorders!.off('message', onMessage);
        resolve(reply[key] as T);
      };
      recorders!.on('message', onMessage);
      recorders!.postMessage(msg);
    });
  /** Everything that reached the servers so far: asked after a response, so its hit is in (one ordered channel). */
  const hitsNow = () => ask<Hit[]>('hits', 'hits');
  const runs: Haproxy[] = [];

  /** HAProxy on `port` with these trusted fronts, once it counts both servers up. */
  async function startHaproxy(port: number, trustedFronts?: string): Promise<void> {
    runs.push(
      await startShippedHaproxy({
        servers: ports.map((p) => `127.0.0.1:${p}`),
        secret: SECRET,
        bind: `127.0.0.1:${port}`,
        statsBind: `127.0.0.1:${port + 2}`,
        socket: path.join(dir, `haproxy-${port}.sock`),
        trustedFronts,
        upWithinMs: 15_000,
      }),
    );
  }

  beforeAll(async () => {
    if (!haproxyInstalled) {
      if (process.env.CI) throw new Error('The HAProxy configuration test needs haproxy when CI is set (apt-get install haproxy)');
      process.stdout.write('\n# Prova della configurazione di HAProxy saltata: haproxy non è installato (apt-get install haproxy)\n');
      return;
    }
    recorders = new Worker(RECORDERS, { eval: true });
    ports = await new Promise<number[]>((resolve, reject) => {
      recorders!.once('error', reject);
      recorders!.once('message', (msg: { ports: number[] }) => resolve(msg.ports));
    });
    // Default trusted front (127.0.0.1: this test plays the nginx in front), and one trusting no one here.
    await startHaproxy(PORT_BASE);
    await startHaproxy(PORT_BASE + 1, '192.0.2.1');
  });

  afterAll(async () => {
    await Promise.all(runs.map((run) => run.stop()));
    if (recorders) {
      await ask('close', 'closed');
      await recorders.terminate();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const since = async (mark: number) => (await hitsNow()).slice(mark);

  it('sends a read that got no answer or a 503 to the other instance, and never a write', async () => {
    if (!haproxyInstalled) return;
    for (const [url, finalStatus] of [
      ['/api/nessuna-risposta', 502],
      ['/api/occupato', 503],
    ] as const) {
      let mark = (await hitsNow()).length;
      const read = await fetch(`${LB}${url}`);
      expect([url, read.status]).toEqual([url, finalStatus]);
      // the first try and `retries 2`, each on the other instance (option redispatch)
      const reads = await since(mark);
      expect(reads.map((h) => h.method)).toEqual(['GET', 'GET', 'GET']);
      expect(new Set(reads.map((h) => h.server)).size).toBe(2);
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        mark = (await hitsNow()).length;
        const write = await fetch(`${LB}${url}`, { method, headers: { 'content-type': 'application/json' }, body: '{"punti":1}' }).then(
          (res) => res.status,
          () => 'closed',
        );
        // A write left without an answer: a 502, or no answer either (HAProxy closes the client's connection: the
        // browser's connection error), never a second try; a 503 is passed on as it is.
        expect([url, method, finalStatus === 502 ? ['closed', 502].includes(write) : write]).toEqual([url, method, finalStatus === 502 ? true : finalStatus]);
        expect((await since(mark)).map((h) => h.method)).toEqual([method]);
      }
    }
  });

  it("sets the proxy secret, and keeps X-Forwarded-For only from a trusted front: anyone else's is replaced by its address", async () => {
    if (!haproxyInstalled) return;
    let mark = (await hitsNow()).length;
    await fetch(`${LB}/api/ok`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-proxy-secret': 'inventato' } });
    expect((await since(mark)).map((h) => [h.headers['x-forwarded-for'], h.headers['x-proxy-secret']])).toEqual([['203.0.113.9', SECRET]]);
    // From a trusted front without the header: its own address.
    mark = (await hitsNow()).length;
    await fetch(`${LB}/api/ok`);
    expect((await since(mark)).map((h) => h.headers['x-forwarded-for'])).toEqual(['127.0.0.1']);
    // Not a trusted front: whatever the client claimed is replaced.
    mark = (await hitsNow()).length;
    await fetch(`http://127.0.0.1:${PORT_BASE + 1}/api/ok`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await since(mark)).map((h) => [h.headers['x-forwarded-for'], h.headers['x-proxy-secret']])).toEqual([['127.0.0.1', SECRET]]);
  });

  it("passes bodies up to what the API reads (its own 413 is the API's), refuses one declared larger at once in the API's words; answers /api only", async () => {
    if (!haproxyInstalled) return;
    const mark = (await hitsNow()).length;
    // 21 MB of CSV: the API answers it (413 after reading it, decision 061), so it goes through here.
    expect((await fetch(`${LB}/api/loyalty-cards/import`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: Buffer.alloc(21 * 1024 * 1024, 'a') })).status).toBe(200);
    expect((await since(mark)).map((h) => h.url)).toEqual(['/api/loyalty-cards/import']);
    // Declared above 64 MiB: refused on the headers, nothing sent on.
    const declared = (type: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${LB}/api/loyalty-cards/import`, { method: 'POST', headers: { 'content-type': type, 'content-length': String(64 * 1024 * 1024 + 1) } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.flushHeaders();
      });
    expect(await declared('text/csv')).toEqual({ status: 413, body: '{"error":"Il file è troppo grande: al massimo 20 MB."}' });
    expect(await declared('application/json')).toEqual({ status: 413, body: '{"error":"Richiesta troppo grande"}' });
    expect((await since(mark)).length).toBe(1);
    expect((await fetch(`${LB}/index.html`)).status).toBe(404);
  });
});
