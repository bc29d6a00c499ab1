/**
 * Several API instances behind one static server's /api proxy (`API_INSTANCES`). Real HTTP servers
 * stand for the instances; the proxy spreads requests over them and skips one that refuses connections.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_CLOSING_HEADER } from '../../api/src/closing';
import { apiInstances } from '../src/apps';
import { startBanner } from '../src/banner';
import { apiInstancePlan, apiInstancePorts } from '../src/composition';
import { runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';
import { apiTargets, createStaticServer } from '../src/static-server';

const SECRET = 'proxy-secret-0123456789-abcdefghijklmnop';

interface Seen {
  instance: string;
  method: string;
  url: string;
  body: string;
  forwardedFor: string | null;
  proxySecret: string | null;
}

/** One "API instance": answers who it is and what it received. */
async function startInstance(name: string): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: Seen = {
        instance: name,
        method: req.method!,
        url: req.url!,
        body: Buffer.concat(chunks).toString(),
        forwardedFor: (req.headers['x-forwarded-for'] as string | undefined) ?? null,
        proxySecret: (req.headers['x-proxy-secret'] as string | undefined) ?? null,
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** What the proxies said about their /api pool (serve-app prints it on stderr). */
const poolLines: string[] = [];

async function startProxy(dir: string, apiUrl: string | string[]) {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const configFile = path.join(dir, 'runtime-config.json');
  writeRuntimeConfig(configFile, runtimeConfigFromEnv({}));
  const proxy = await createStaticServer({ root: dir, runtimeConfigFile: configFile, apiUrl, proxySecret: SECRET, onApiPoolChange: (line) => poolLines.push(line) });
  await proxy.listen({ port: 0, host: '127.0.0.1' });
  return { proxy, base: `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}` };
}

/** `n` requests in turn, each on a fresh connection; counts the answers per instance. */
async function spread(base: string, n: number, init: { method?: string; body?: string } = {}) {
  const perInstance: Record<string, number> = {};
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = init.body === undefined ? undefined : `${init.body}-${i}`;
    const response = await fetch(`${base}/api/loyalty-cards?page=${i}`, {
      method: init.method ?? 'GET',
      headers: { connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    const text = await response.text();
    if (response.status !== 200) {
      failures.push(`${response.status} ${text}`);
      continue;
    }
    const seen = JSON.parse(text) as Seen;
    // every answer is the one to this request, with its body and the proxy's headers
    expect(seen).toMatchObject({ method: init.method ?? 'GET', url: `/api/loyalty-cards?page=${i}`, body: body ?? '', forwardedFor: '127.0.0.1', proxySecret: SECRET });
    perInstance[seen.instance] = (perInstance[seen.instance] ?? 0) + 1;
  }
  return { perInstance, failures };
}

describe('static server proxy in front of three API instances', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instances-'));
  let instances: { server: http.Server; url: string }[] = [];
  let proxy: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    instances = await Promise.all(['a', 'b', 'c'].map(startInstance));
    ({ proxy, base } = await startProxy(dir, instances.map((i) => i.url)));
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((i) => close(i.server)));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('spreads requests over all three', async () => {
    const { perInstance, failures } = await spread(base, 30);
    expect(failures).toEqual([]);
    expect(Object.keys(perInstance).sort()).toEqual(['a', 'b', 'c']);
    for (const count of Object.values(perInstance)) expect(count).toBeGreaterThanOrEqual(5);
  });

  it('with one instance down, every GET and every POST with a body still succeeds, on the two others', async () => {
    await close(instances[1].server);
    const reads = await spread(base, 30);
    expect(reads.failures).toEqual([]);
    expect(Object.keys(reads.perInstance).sort()).toEqual(['a', 'c']);
    const writes = await spread(base, 30, { method: 'POST', body: '{"points":1}' });
    expect(writes.failures).toEqual([]);
    expect(Object.keys(writes.perInstance).sort()).toEqual(['a', 'c']);
    for (const count of [...Object.values(reads.perInstance), ...Object.values(writes.perInstance)]) expect(count).toBeGreaterThanOrEqual(5);
  });

  it('with every instance down, answers as the proxy of one API that is down', async () => {
    await Promise.all(instances.map((i) => close(i.server)));
    const oneDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instances-one-'));
    const one = await startProxy(oneDir, instances[0].url);
    try {
      for (const init of [{}, { method: 'POST', body: '{"points":1}', headers: { 'content-type': 'application/json' } }]) {
        const [several, single] = await Promise.all([fetch(`${base}/api/health`, init), fetch(`${one.base}/api/health`, init)]);
        expect(several.status).toBeGreaterThanOrEqual(500);
        const withoutPort = async (response: Response) => JSON.stringify(await response.json()).replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
        expect([several.status, await withoutPort(several)]).toEqual([single.status, await withoutPort(single)]);
      }
    } finally {
      await one.proxy.close();
      fs.rmSync(oneDir, { recursive: true, force: true });
    }
  });
});

describe('API_INSTANCES', () => {
  it('defaults to one and refuses what is not a count', () => {
    expect(apiInstances({})).toBe(1);
    expect(apiInstances({ API_INSTANCES: '3' })).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'tre', '17']) expect(() => apiInstances({ API_INSTANCES: bad })).toThrow(/API_INSTANCES/);
  });

  it('starts several only on PostgreSQL; on PGlite one, with an Italian line saying why', () => {
    expect(apiInstancePlan({ DATABASE_URL: 'postgres://u@127.0.0.1/db' }, 3)).toEqual({ count: 3 });
    const pglite = apiInstancePlan({}, 3);
    expect(pglite.count).toBe(1);
    expect(pglite.notice).toMatch(/^API_INSTANCES=3 ignorato: senza DATABASE_URL l'API usa PGlite, un database dentro un solo processo/);
    expect(apiInstancePlan({}, 1)).toEqual({ count: 1 });
  });

  it('puts the instances on consecutive ports from API_PORT', () => {
    expect(apiInstancePorts(3100, 3)).toEqual([3100, 3101, 3102]);
    expect(apiInstancePorts(3100, 1)).toEqual([3100]);
    expect(() => apiInstancePorts(65535, 2)).toThrow(/65535/);
  });

  it('reads API_URL as one origin or several separated by commas', () => {
    expect(apiTargets('http://127.0.0.1:3100')).toEqual(['http://127.0.0.1:3100']);
    expect(apiTargets('http://127.0.0.1:3100/, http://127.0.0.1:3101')).toEqual(['http://127.0.0.1:3100', 'http://127.0.0.1:3101']);
    expect(apiTargets(undefined)).toEqual([]);
  });

  it('the start banner names the instances and their ports', () => {
    const config = runtimeConfigFromEnv({});
    const banner = (apiInstances?: number) => startBanner({ config, apiPort: 3100, apiInstances, runtimeConfigFile: '/tmp/rc.json', demoLogins: [] });
    expect(banner(3)).toContain('Istanze API:              3 (porte 3100–3102)');
    expect(banner(1)).not.toContain('Istanze API');
    expect(banner()).not.toContain('Istanze API');
    const withPids = startBanner({ config, apiPort: 3100, apiInstances: 3, apiPids: [41, 42, 43], runtimeConfigFile: '/tmp/rc.json', demoLogins: [] });
    expect(withPids).toContain('pid 41, 42, 43: `kill <pid>` ne riavvia una, le altre rispondono');
  });
});

describe('static server proxy during a rolling restart (decision 055)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instances-rolling-'));
  const servers: http.Server[] = [];
  let base = '';
  let proxy: FastifyInstance;

  /** An instance whose every answer is `respond`'s, after reading the request. */
  async function startWith(respond: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<string> {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => respond(req, res));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  afterEach(async () => {
    await proxy?.close();
    await Promise.all(servers.splice(0).map(close));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("sends a request answered by a closing instance's 503 (API_CLOSING_HEADER) to another, whatever its method", async () => {
    const healthy = await startInstance('a');
    servers.push(healthy.server);
    const closing = await startWith((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', [API_CLOSING_HEADER]: '1', connection: 'close' });
      res.end('{"error":"Il servizio si sta riavviando. Riprova tra qualche secondo."}');
    });
    ({ proxy, base } = await startProxy(dir, [healthy.url, closing]));
    const reads = await spread(base, 20);
    const writes = await spread(base, 20, { method: 'POST', body: '{"points":1}' });
    expect([reads.failures, writes.failures]).toEqual([[], []]);
    expect([reads.perInstance, writes.perInstance]).toEqual([{ a: 20 }, { a: 20 }]);
    // the closing instance was taken out of the pool, and the proxy said so in Italian
    expect(poolLines).toContain(`Proxy /api: istanza ${closing} esclusa (si sta riavviando); le richieste vanno alle altre.`);
  });

  it('passes on any other 503 of an instance (e.g. its password-hashing queue is full) without sending a POST again', async () => {
    let posts = 0;
    const busy = await startWith((req, res) => {
      if (req.method === 'POST') posts += 1;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":"Servizio occupato"}');
    });
    ({ proxy, base } = await startProxy(dir, [busy, busy]));
    const answer = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([answer.status, await answer.json(), posts]).toEqual([503, { error: 'Servizio occupato' }, 1]);
  });

  it('never sends a POST whose connection was reset again (it may have run), and sends such a GET to another instance', async () => {
    const healthy = await startInstance('a');
    servers.push(healthy.server);
    let posts = 0;
    const resetting = await startWith((req) => {
      if (req.method === 'POST') posts += 1;
      req.socket.destroy();
    });
    ({ proxy, base } = await startProxy(dir, [resetting, healthy.url]));
    // Until the pool's probe has taken the resetting one out (its /api/health is reset too), the pool may send it
    // writes: each of those fails once and is not sent again.
    const writes = await spread(base, 20, { method: 'POST', body: '{"points":1}' });
    expect(posts).toBeGreaterThan(0);
    expect(writes.failures.length).toBe(posts);
    expect(writes.failures.every((f) => f.startsWith('5'))).toBe(true);
    const reads = await spread(base, 20);
    expect(reads.failures).toEqual([]);
    expect(reads.perInstance).toEqual({ a: 20 });
  });
});
