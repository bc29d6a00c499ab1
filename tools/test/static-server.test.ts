import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { DOCUMENT_TYPE, cacheControlFor, createStaticServer } from '../src/static-server';
import { allowsOrigin, configuredOrigins, contentSecurityPolicy, runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';

describe('cache rules', () => {
  it('makes content-hashed chunks immutable and entry files revalidate', () => {
    expect(cacheControlFor('/dist/412.3f9a0c12bd.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/412.3f9a0c12bd.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/remoteEntry.js.br')).toBe('no-cache');
    for (const entry of ['index.html', 'remoteEntry.js', 'remoteEntry.slim.js', 'mf-manifest.json', 'main.js']) {
      expect(cacheControlFor(`/dist/${entry}`)).toBe('no-cache');
    }
  });
});

describe('runtime config from the environment', () => {
  it('derives every remote URL from the ports and honours per-remote overrides', () => {
    const config = runtimeConfigFromEnv({ CARDS_PORT: '5002', ADMIN_REMOTE_URL: 'https://cdn.example/admin/mf-manifest.json' });
    expect(config.remotes.cards).toBe('http://localhost:5002/mf-manifest.json');
    expect(config.remotes.admin).toBe('https://cdn.example/admin/mf-manifest.json');
    expect(config.apiBaseUrl).toBe('/api');
    expect(configuredOrigins(config)).toContain('https://cdn.example');
  });

  it('lets a page read the files from a loopback origin by either spelling, and no other host with it', () => {
    const config = runtimeConfigFromEnv({ SHELL_PORT: '3000', CARDS_REMOTE_URL: 'https://cdn.example/cards/mf-manifest.json' });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.0.0.1:3003', 'https://cdn.example']) expect(allowsOrigin(config, origin)).toBe(true);
    for (const origin of ['http://127.0.0.1:3999', 'https://127.0.0.1:3000', 'http://evil.example', 'http://cdn.example', 'not an origin']) expect(allowsOrigin(config, origin)).toBe(false);
    // The policy lists the configured origins only: the page's own is its 'self'.
    expect(configuredOrigins(config)).not.toContain('http://127.0.0.1:3000');
  });

  it('rejects a port that is not a port', () => {
    expect(() => runtimeConfigFromEnv({ SHELL_PORT: 'abc' })).toThrow('SHELL_PORT must be a TCP port');
  });
});

describe('static server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  const root = path.join(dir, 'dist');
  const configFile = path.join(dir, 'runtime-config.json');
  let api: http.Server;
  let base = '';
  let close: () => Promise<void>;

  beforeAll(async () => {
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(root, 'remoteEntry.js'), 'var entry;');
    fs.writeFileSync(path.join(root, '99.abcdef0123.js'), 'var chunk;');
    // A chunk with the build's brotli copy next to it; the copy says something else, so a test can tell
    // which of the two reached the browser.
    fs.writeFileSync(path.join(root, '42.0123abcdef.js'), `var original = "${'o'.repeat(4000)}";`);
    fs.writeFileSync(path.join(root, '42.0123abcdef.js.br'), zlib.brotliCompressSync('var fromTheBuild = 1;'));
    writeRuntimeConfig(configFile, runtimeConfigFromEnv({ SHELL_PORT: '3999' }));
    api = http.createServer((req, res) => res.end(JSON.stringify({ path: req.url })));
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const server = await createStaticServer({ root, runtimeConfigFile: configFile, apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    close = async () => {
      await server.close();
      await new Promise((r) => api.close(r));
    };
  });
  afterAll(() => close());

  it('serves the run-time config fresh from disk on every request', async () => {
    const first = await fetch(`${base}/runtime-config.json`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const config = (await first.json()) as { remotes: { cards: string } };
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({ SHELL_PORT: '3999' }), remotes: { ...config.remotes, cards: 'http://localhost:7777/mf-manifest.json' } });
    const second = (await (await fetch(`${base}/runtime-config.json`)).json()) as { remotes: { cards: string } };
    expect(second.remotes.cards).toBe('http://localhost:7777/mf-manifest.json');
  });

  it('sends cache headers per file kind and CORS only to configured origins', async () => {
    const entry = await fetch(`${base}/remoteEntry.js`, { headers: { origin: 'http://localhost:3999' } });
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('access-control-allow-origin')).toBe('http://localhost:3999');
    // The dashboard opened at 127.0.0.1 rather than localhost: the same machine, the same answer.
    const byAddress = await fetch(`${base}/remoteEntry.js`, { headers: { origin: 'http://127.0.0.1:3999' } });
    expect(byAddress.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3999');
    const chunk = await fetch(`${base}/99.abcdef0123.js`, { headers: { origin: 'http://evil.example' } });
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBeNull();
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' http:\/\/localhost:3999 /);
    // The policy goes with documents only (an HTML page, an SVG opened by itself): on a script or JSON it does nothing.
    expect([entry, chunk, byAddress].map((r) => r.headers.get('content-security-policy'))).toEqual([null, null, null]);
    expect((await fetch(`${base}/runtime-config.json`)).headers.get('content-security-policy')).toBeNull();
  });

  it('tells a document from what is not one', () => {
    for (const type of ['text/html', 'text/html; charset=utf-8', 'TEXT/HTML;charset=UTF-8', 'image/svg+xml']) expect([type, DOCUMENT_TYPE.test(type)]).toEqual([type, true]);
    for (const type of ['application/javascript; charset=utf-8', 'text/css', 'application/json', 'image/png', 'text/html-sandboxed', '']) expect([type, DOCUMENT_TYPE.test(type)]).toEqual([type, false]);
  });

  it("sends the build's brotli copy to browsers that accept it, with the original's type and cache rule", async () => {
    const res = await fetch(`${base}/42.0123abcdef.js`, { headers: { 'accept-encoding': 'gzip, deflate, br', origin: 'http://localhost:3999' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Origin');
    expect(await res.text()).toBe('var fromTheBuild = 1;');
  });

  it('compresses on the fly for browsers without brotli, from the original file', async () => {
    const res = await fetch(`${base}/42.0123abcdef.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe(`var original = "${'o'.repeat(4000)}";`);
  });

  it('answers deep links with index.html and unknown files with 404', async () => {
    const page = await fetch(`${base}/dashboard/loyalty-cards`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>t</title>');
    expect((await fetch(`${base}/missing.0123456789.js`)).status).toBe(404);
  });

  // Link previews (WhatsApp, Facebook, Telegram) and crawlers ask with `Accept: */*` or none.
  it('answers a page path with the page whatever the Accept header, for GET and HEAD', async () => {
    for (const pagePath of ['/login', '/loyalty-cards/create?business_id=default-business-id', '/dashboard/loyalty-cards']) {
      for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }, { accept: 'text/html' }] as Record<string, string>[]) {
        const page = await fetch(`${base}${pagePath}`, { headers });
        expect([pagePath, headers, page.status, page.headers.get('content-type')]).toEqual([pagePath, headers, 200, expect.stringMatching(/^text\/html/)]);
        expect(page.headers.get('cache-control')).toBe('no-cache');
        expect(await page.text()).toContain('<title>t</title>');
      }
      const head = await fetch(`${base}${pagePath}`, { method: 'HEAD', headers: { accept: '*/*' } });
      expect([pagePath, head.status, head.headers.get('content-type')]).toEqual([pagePath, 200, expect.stringMatching(/^text\/html/)]);
      expect(await head.text()).toBe('');
    }
  });

  it('answers 404 for a missing asset and for /api without an API, whatever the Accept header', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/html' }] as Record<string, string>[]) {
      const asset = await fetch(`${base}/missing.0123456789.js`, { headers });
      expect([headers, asset.status]).toEqual([headers, 404]);
      expect(await asset.json()).toEqual({ error: 'Risorsa non trovata' });
      expect((await fetch(`${base}/favicon.ico`, { headers })).status).toBe(404);
    }
    const noApi = await createStaticServer({ root, runtimeConfigFile: configFile });
    await noApi.listen({ port: 0, host: '127.0.0.1' });
    const noApiBase = `http://127.0.0.1:${(noApi.server.address() as AddressInfo).port}`;
    try {
      for (const url of ['/api', '/api/auth/me', '/api/nope?x=1']) {
        const response = await fetch(`${noApiBase}${url}`, { headers: { accept: 'text/html' } });
        expect([url, response.status]).toEqual([url, 404]);
      }
      expect((await fetch(`${noApiBase}/login`, { method: 'POST' })).status).toBe(404);
    } finally {
      await noApi.close();
    }
  });

  it('proxies /api to the API', async () => {
    const res = await fetch(`${base}/api/health?x=1`);
    expect(await res.json()).toEqual({ path: '/api/health?x=1' });
  });
});

describe('content security policy', () => {
  it('allows scripts only from this origin and the configured remote origins, and nothing inline', () => {
    const config = runtimeConfigFromEnv({ CARDS_REMOTE_URL: 'https://cards.example/mf-manifest.json', DEV_ORIGINS: 'http://localhost:9002' });
    const csp = contentSecurityPolicy(config);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).toContain('https://cards.example');
    expect(scriptSrc).toContain('http://localhost:9002');
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
