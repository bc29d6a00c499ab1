/**
 * Decision 055, rolling restarts: the /api proxy's pool keeps only the instances that take requests
 * (tools/src/api-pool.ts). Real HTTP servers stand for the instances and can switch between healthy, draining
 * («riavvio» 503) and stopped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_CLOSING_HEADER } from '../../api/src/closing';
import { createApiPool, KEEP_ALIVE_MS, DEFAULT_DRAIN_MS, probe, type ApiPool } from '../src/api-pool';

type Mode = 'healthy' | 'draining';

interface Instance {
  name: string;
  url: string;
  server: http.Server;
  mode: Mode;
  hits: number;
  /** its open connections */
  sockets: Set<import('node:net').Socket>;
}

async function startInstance(name: string): Promise<Instance> {
  const instance = { name, mode: 'healthy', hits: 0, sockets: new Set() } as unknown as Instance;
  instance.server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (instance.mode === 'draining') {
        res.writeHead(503, { 'content-type': 'application/json', [API_CLOSING_HEADER]: '1', connection: 'close' });
        res.end('{"error":"Il servizio si sta riavviando. Riprova tra qualche secondo."}');
        return;
      }
      if (req.url !== '/api/health') instance.hits += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ instance: name }));
    });
  });
  instance.server.on('connection', (socket) => {
    instance.sockets.add(socket);
    socket.on('close', () => instance.sockets.delete(socket));
  });
  await new Promise<void>((r) => instance.server.listen(0, '127.0.0.1', r));
  instance.url = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
  return instance;
}

const stop = (instance: Instance) =>
  new Promise<void>((resolve) => {
    if (!instance.server.listening) return resolve();
    instance.server.close(() => resolve());
    instance.server.closeAllConnections();
  });

/** `n` GETs in turn through the pool; the names of the instances that answered them. */
async function send(apiPool: ApiPool, n: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const answer = await apiPool.pool.request({ path: `/api/loyalty-cards?page=${i}`, method: 'GET' });
    const text = await answer.body.text();
    names.push(answer.statusCode === 200 ? (JSON.parse(text) as { instance: string }).instance : `${answer.statusCode}`);
  }
  return names;
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('the /api proxy pool (decision 055)', () => {
  let instances: Instance[] = [];
  let apiPool: ApiPool | undefined;
  const changes: string[] = [];

  beforeEach(async () => {
    instances = await Promise.all(['a', 'b', 'c'].map(startInstance));
    changes.length = 0;
    apiPool = createApiPool(
      instances.map((i) => i.url),
      { probeIntervalMs: 50, onChange: (origin, inPool, why) => changes.push(`${instances.find((i) => i.url === origin)?.name} ${inPool ? 'in' : 'out'} ${why}`) },
    );
  });
  afterEach(async () => {
    await apiPool?.close();
    await Promise.all(instances.map(stop));
  });

  it('probes say what an instance is doing', async () => {
    const [a, b, c] = instances;
    b.mode = 'draining';
    await stop(c);
    expect(await Promise.all([a, b, c].map((i) => probe(i.url, 1000)))).toEqual(['up', 'closing', 'down']);
  });

  it('takes out a draining instance on suspicion, sends it nothing more, and puts it back on its first 200', async () => {
    const [a, b, c] = instances;
    expect(new Set(await send(apiPool!, 30))).toEqual(new Set(['a', 'b', 'c']));
    b.mode = 'draining';
    apiPool!.suspect();
    await apiPool!.settled();
    expect(apiPool!.out()).toEqual([b.url]);
    const before = b.hits;
    const names = await send(apiPool!, 30);
    expect(new Set(names)).toEqual(new Set(['a', 'c']));
    expect(b.hits).toBe(before);
    // The pool closed its own connections to b (after the requests in flight): none is left for b to close.
    expect(await waitFor(() => b.sockets.size === 0, 2000)).toBe(true);

    b.mode = 'healthy';
    expect(await waitFor(() => apiPool!.out().length === 0, 3000)).toBe(true);
    expect(new Set(await send(apiPool!, 30))).toEqual(new Set(['a', 'b', 'c']));
    expect(changes).toEqual(['b out closing', 'b in up']);
    expect(a.hits + c.hits).toBeGreaterThan(0);
  });

  it('takes out a stopped instance and never the last one in', async () => {
    const [a, b, c] = instances;
    await stop(a);
    await stop(b);
    apiPool!.suspect();
    await apiPool!.settled();
    expect(apiPool!.out().sort()).toEqual([a.url, b.url].sort());
    expect(await send(apiPool!, 10)).toEqual(Array(10).fill('c'));
    await stop(c);
    apiPool!.suspect();
    await apiPool!.settled();
    // c stays: with no instance at all the proxy answers as the proxy of one API that is down
    expect(apiPool!.out().sort()).toEqual([a.url, b.url].sort());
  });

  it('closes an idle kept-alive connection itself before a draining instance would (KEEP_ALIVE_MS < DEFAULT_DRAIN_MS)', async () => {
    expect(KEEP_ALIVE_MS).toBeLessThan(DEFAULT_DRAIN_MS);
    await send(apiPool!, 6);
    const open = [...instances].reduce((n, i) => n + i.sockets.size, 0);
    expect(open).toBeGreaterThan(0);
    // Every idle connection is closed by the pool, not left for an instance to close under a new request.
    expect(await waitFor(() => instances.every((i) => i.sockets.size === 0), DEFAULT_DRAIN_MS - 200)).toBe(true);
  });
});
