/**
 * The dashboard's /api proxy in front of the real API (buildApp listening on a port, in-memory
 * PGlite), as `npm start` runs them.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app';
import { testConfig } from '../../api/test/helpers/app';
import { pgliteConfig } from '../../api/test/helpers/databases';
import { uploadOversized } from '../../api/test/helpers/oversized-upload';
import { createStaticServer } from '../src/static-server';
import { runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';

// PGlite starts in a few seconds alone, much longer on a busy machine.
jest.setTimeout(120_000);

const TOO_LARGE = { error: 'Richiesta troppo grande' };

/** A request with a fresh connection each time (no keep-alive), optionally from another loopback address. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean; localAddress?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (body && !options.chunked) headers['content-length'] = String(body.length);
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: false, localAddress: options.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    // The server may answer and close before it has read the whole body: that is its right, the answer counts.
    req.on('error', reject);
    if (body && options.chunked) {
      // several writes: Node sends `Transfer-Encoding: chunked`, no length known in advance
      for (let offset = 0; offset < body.length; offset += 64 * 1024) req.write(body.subarray(offset, offset + 64 * 1024));
      req.end();
    } else {
      req.end(body);
    }
  });
}

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

/** The static server over `dir` (an index page and its runtime config, written here) in front of `apiUrl`. */
async function startProxy(dir: string, apiUrl: string, options: { proxySecret?: string } = {}) {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const configFile = path.join(dir, 'runtime-config.json');
  writeRuntimeConfig(configFile, runtimeConfigFromEnv({}));
  const proxy = await createStaticServer({ root: dir, runtimeConfigFile: configFile, apiUrl, ...options });
  await proxy.listen({ port: 0, host: '127.0.0.1' });
  return { proxy, base: `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}` };
}

describe('static server proxy in front of the real API', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proxy-'));
  let api: FastifyInstance;
  let proxy: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    api = buildApp(testConfig(pgliteConfig(null), { seedDemo: true }));
    await api.listen({ port: 0, host: '127.0.0.1' });
    ({ proxy, base } = await startProxy(dir, `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`));
  });
  afterAll(async () => {
    await proxy?.close();
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = () => send(`${base}/api/auth/login`, { method: 'POST', ...json({ email: 'admin@demo.it', password: 'Admin2026!' }) });

  it('answers 413 with the Italian error to a 2 MB body, and the next request works', async () => {
    const big = json({ email: 'admin@demo.it', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await send(`${base}/api/auth/login`, { method: 'POST', ...big });
    expect([response.status, JSON.parse(response.body)]).toEqual([413, TOO_LARGE]);
    expect(response.headers['content-type']).toMatch(/^application\/json/);

    const after = await login();
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).user).toMatchObject({ email: 'admin@demo.it' });
  });

  it('answers 413 to a 2 MB body sent without a length (chunked), and the next request works', async () => {
    const big = json({ email: 'admin@demo.it', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await send(`${base}/api/auth/login`, { method: 'POST', ...big, chunked: true });
    expect([response.status, JSON.parse(response.body)]).toEqual([413, TOO_LARGE]);
    expect((await login()).status).toBe(200);
  });

  it('answers 413 through fetch too (keep-alive client), and the same client goes on', async () => {
    const response = await fetch(`${base}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) });
    expect([response.status, await response.json()]).toEqual([413, TOO_LARGE]);
    const after = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }) });
    expect(after.status).toBe(200);
  });

  it("passes a body under the limit on unchanged: the API's own answers reach the client", async () => {
    // 900 kB of JSON: the API reads it and refuses the over-long password with its own message
    const long = await send(`${base}/api/auth/login`, { method: 'POST', ...json({ email: 'nessuno@example.it', password: 'x'.repeat(900 * 1024) }) });
    expect([long.status, JSON.parse(long.body)]).toEqual([400, { error: 'Campo "password" non valido' }]);
    const malformed = await send(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect([malformed.status, JSON.parse(malformed.body)]).toEqual([400, { error: 'Il corpo della richiesta non è un JSON valido' }]);
    const chunked = await send(`${base}/api/auth/login`, { method: 'POST', ...json({ email: 'admin@demo.it', password: 'Admin2026!' }), chunked: true });
    expect(chunked.status).toBe(200);
  });

  it('passes a CSV file of cards over 1 MB on to the import (its own 20 MB limit), and answers 413 above it with the API’s sentence', async () => {
    const { token } = JSON.parse((await login()).body) as { token: string };
    const { id: businessId } = (JSON.parse((await send(`${base}/api/business`, { headers: { authorization: `Bearer ${token}` } })).body) as { id: string }[])[0];
    const rows = Array.from({ length: 30_000 }, (_, i) => `Cliente ${i};proxy.${i}@example.it`);
    const file = ['nome;email', ...rows].join('\r\n');
    expect(Buffer.byteLength(file)).toBeGreaterThan(1024 * 1024);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/csv' };
    const preview = await send(`${base}/api/loyalty-cards/business/${businessId}/import?dry_run=true`, { method: 'POST', headers, body: file });
    // The whole file reached the import (its columns and first rows are csv-import.test.ts's to check).
    expect([preview.status, JSON.parse(preview.body)]).toEqual([200, expect.objectContaining({ format: 'csv-utf8', valid: 30_000, invalid: [], invalid_count: 0, imported: 0, skipped: 0, with_consent: 0 })]);
    const big = await send(`${base}/api/loyalty-cards/business/${businessId}/import?dry_run=true`, { method: 'POST', headers, body: Buffer.alloc(21 * 1024 * 1024, 'a') });
    expect([big.status, JSON.parse(big.body)]).toEqual([413, { error: 'Il file è troppo grande: al massimo 20 MB.' }]);
    expect((await login()).status).toBe(200);
  });

  it('answers every one of ten 20–25 MB CSV files and ten 2–5 MB bodies, declared and chunked, five at once, with its 413 (never a reset)', async () => {
    const MB = 1024 * 1024;
    const { token } = JSON.parse((await login()).body) as { token: string };
    const authorization = `Bearer ${token}`;
    for (const [url, size, type, error] of [
      [`${base}/api/loyalty-cards/business/x/import?dry_run=true`, (i: number) => 20 * MB + 1 + i * (MB / 2), 'text/csv', 'Il file è troppo grande: al massimo 20 MB.'],
      [`${base}/api/campaigns`, (i: number) => 2 * MB + i * Math.floor(MB / 3), 'application/json', TOO_LARGE.error],
    ] as const) {
      for (const wave of [0, 5]) {
        const outcomes = await uploadOversized(
          Array.from({ length: 5 }, (_, k) => ({ url, bytes: size(wave + k), headers: { authorization, 'content-type': type }, chunked: k % 2 === 1 })),
        );
        expect(outcomes).toEqual(Array(5).fill({ status: 413, body: JSON.stringify({ error }) }));
      }
    }
    expect((await login()).status).toBe(200);
  });

  it('answers 50 oversized requests, to the API directly and through the proxy, each with its Italian 413 (never a reset)', async () => {
    const MB = 1024 * 1024;
    const { token } = JSON.parse((await login()).body) as { token: string };
    const headers = (type: string) => ({ authorization: `Bearer ${token}`, 'content-type': type });
    const apiBase = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const kinds = [
      { path: '/api/campaigns', size: (i: number) => MB + 1 + i * Math.floor(MB / 3), type: 'application/json', error: TOO_LARGE.error },
      { path: '/api/loyalty-cards/business/x/import?dry_run=true', size: (i: number) => 20 * MB + 1 + i * Math.floor(MB / 3), type: 'text/csv', error: 'Il file è troppo grande: al massimo 20 MB.' },
    ];
    // 50, ten at once: to the API and to the proxy, JSON (1–3 MB) three times in four and CSV files (20–22 MB) once,
    // through node:http with the length declared or chunked and through fetch (undici, streaming the body).
    const uploads = Array.from({ length: 50 }, (_, n) => {
      const kind = kinds[n % 4 === 3 ? 1 : 0];
      const origin = n % 2 === 0 ? apiBase : base;
      const client = n % 5 === 4 ? ('fetch' as const) : ('http' as const);
      return { upload: { url: `${origin}${kind.path}`, bytes: kind.size(Math.floor(n / 8)), headers: headers(kind.type), chunked: n % 3 === 0, client }, error: kind.error };
    });
    const outcomes: unknown[] = [];
    for (let wave = 0; wave < uploads.length; wave += 10) outcomes.push(...(await uploadOversized(uploads.slice(wave, wave + 10).map((u) => u.upload))));
    expect(outcomes).toEqual(uploads.map((u) => ({ status: 413, body: JSON.stringify({ error: u.error }) })));
    expect((await login()).status).toBe(200);
  });
});

describe('static server proxy and the API share the proxy secret (npm start)', () => {
  const SECRET = 'proxy-secret-0123456789-abcdefghijklmnop';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proxy-secret-'));
  let api: FastifyInstance;
  let proxy: FastifyInstance;
  let base = '';
  let apiBase = '';

  beforeAll(async () => {
    api = buildApp(testConfig(pgliteConfig(null), { loginRateLimitPerMinute: 2, proxySecret: SECRET, trustProxy: false }));
    await api.listen({ port: 0, host: '127.0.0.1' });
    apiBase = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    ({ proxy, base } = await startProxy(dir, apiBase, { proxySecret: SECRET }));
  });
  afterAll(async () => {
    await proxy?.close();
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A new e-mail each time: three wrong passwords for one e-mail lock it (429 as well), whatever the IP.
  let n = 0;
  const wrongLogin = async (target: string, localAddress: string, headers: Record<string, string> = {}) => {
    const body = JSON.stringify({ email: `nessuno${++n}@example.it`, password: 'sbagliata' });
    const response = await send(`${target}/api/auth/login`, { method: 'POST', localAddress, body, headers: { 'content-type': 'application/json', ...headers } });
    if (response.status === 429) expect(JSON.parse(response.body)).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
    return response.status;
  };

  it('counts two clients behind the proxy separately', async () => {
    expect([await wrongLogin(base, '127.0.0.2'), await wrongLogin(base, '127.0.0.2'), await wrongLogin(base, '127.0.0.2')]).toEqual([401, 401, 429]);
    expect([await wrongLogin(base, '127.0.0.3'), await wrongLogin(base, '127.0.0.3')]).toEqual([401, 401]);
  });

  it("replaces a client's own X-Forwarded-For: a client cannot pick its bucket", async () => {
    const forging = (claimed: string) => wrongLogin(base, '127.0.0.4', { 'x-forwarded-for': claimed });
    expect([await forging('198.51.100.1'), await forging('198.51.100.2'), await forging('198.51.100.3')]).toEqual([401, 401, 429]);
  });

  it('ignores X-Forwarded-For sent to the API directly by another local process', async () => {
    const direct = (claimed: string) => wrongLogin(apiBase, '127.0.0.5', { 'x-forwarded-for': claimed });
    expect([await direct('198.51.100.4'), await direct('198.51.100.5'), await direct('198.51.100.6')]).toEqual([401, 401, 429]);
  });
});

describe('static server proxy: request bodies reach the API byte for byte', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proxy-echo-'));
  let echo: http.Server;
  let proxy: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    echo = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        res.end(
          JSON.stringify({
            contentType: req.headers['content-type'] ?? null,
            body: Buffer.concat(chunks).toString('base64'),
            forwardedFor: req.headers['x-forwarded-for'] ?? null,
            proxySecret: req.headers['x-proxy-secret'] ?? null,
          }),
        ),
      );
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    ({ proxy, base } = await startProxy(dir, `http://127.0.0.1:${(echo.address() as AddressInfo).port}`));
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((r) => echo.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['JSON with spacing and duplicate keys', 'application/json; charset=utf-8', '{ "a": 1,  "a": 2.50 }'],
    ['a Twilio webhook form', 'application/x-www-form-urlencoded', 'From=%2B393331234567&Body=STOP&MessageSid=SM1'],
    ['bytes of no declared type', undefined, Buffer.from([0, 1, 2, 250, 255]).toString('latin1')],
  ])('%s', async (_case, contentType, body) => {
    const response = await send(`${base}/api/echo`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body: Buffer.from(body, 'latin1') });
    const seen = JSON.parse(response.body) as { contentType: string | null; body: string };
    expect(Buffer.from(seen.body, 'base64')).toEqual(Buffer.from(body, 'latin1'));
    expect(seen.contentType).toBe(contentType ?? null);
  });

  it("never passes on a client's X-Proxy-Secret or X-Forwarded-For when it has no secret of its own", async () => {
    const response = await send(`${base}/api/echo`, { headers: { 'x-proxy-secret': 'what-the-client-says', 'x-forwarded-for': '198.51.100.9' } });
    expect(JSON.parse(response.body)).toMatchObject({ proxySecret: null, forwardedFor: '127.0.0.1' });
  });
});
