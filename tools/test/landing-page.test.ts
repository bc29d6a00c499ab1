/**
 * Server-side composition of /login (docs/decisions/028-prerendered-public-pages.md): a real landing static
 * server holds a prerendered login.html; the shell's static server answers /login and / with it, revalidated
 * with its ETag, picks up a landing redeploy without a restart, keeps serving the last good copy (with the
 * script from its own kept copy) when the landing server is stopped, and a minimal Italian login page when
 * it never reached one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createStaticServer } from '../src/static-server';
import { runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';

const SCRIPT = 'login.0123456789.js';

function page(version: string, script = SCRIPT): string {
  return `<!doctype html><html lang="it"><head><title>Appo</title><script defer src="/${script}" data-page-script></script></head><body><div id="root"><h1>Versione ${version}</h1><form data-login-form></form></div></body></html>`;
}

async function listen(server: FastifyInstance, port = 0): Promise<string> {
  await server.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

describe('the shell answers /login with the landing origin’s prerendered page', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-page-'));
  const landingRoot = path.join(dir, 'landing');
  const shellRoot = path.join(dir, 'shell');
  const configFile = path.join(dir, 'runtime-config.json');
  let landing: FastifyInstance;
  let shell: FastifyInstance;
  let landingUrl = '';
  let landingPort = 0;
  let shellUrl = '';

  const startLanding = async () => {
    landing = await createStaticServer({ root: landingRoot, runtimeConfigFile: configFile });
    landingUrl = await listen(landing, landingPort);
    landingPort = Number(new URL(landingUrl).port);
  };

  beforeAll(async () => {
    fs.mkdirSync(landingRoot);
    fs.mkdirSync(shellRoot);
    fs.writeFileSync(path.join(landingRoot, 'index.html'), '<!doctype html><title>app della landing</title>');
    fs.writeFileSync(path.join(landingRoot, 'login.html'), page('1'));
    fs.writeFileSync(path.join(landingRoot, SCRIPT), 'console.log("script della pagina");');
    fs.writeFileSync(path.join(shellRoot, 'index.html'), '<!doctype html><title>app della shell</title>');
    await startLanding();
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: landingUrl, brandName: 'Negozio Prova' });
    shell = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 1000 });
    shellUrl = await listen(shell);
  });

  afterAll(async () => {
    await shell.close();
    await landing.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the landing origin serves its own login.html at /login, with an ETag', async () => {
    const res = await fetch(`${landingUrl}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('Versione 1');
  });

  it('serves the page at /login and / with its script taken from the landing origin', async () => {
    for (const pathname of ['/login', '/']) {
      const res = await fetch(`${shellUrl}${pathname}`, { headers: { accept: '*/*' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('Versione 1');
      expect(html).toContain(`<script defer src="${landingUrl}/${SCRIPT}" data-page-script>`);
      // The CSP lets the page load scripts from the landing origin.
      expect(res.headers.get('content-security-policy')).toMatch(new RegExp(`script-src 'self' [^;]*${landingUrl}`));
    }
    // The second request revalidated the first copy (If-None-Match → 304) rather than downloading it again.
    const again = await fetch(`${shellUrl}/login`);
    expect(again.headers.get('x-landing-page')).toBe('revalidated');
  });

  it('shows a landing redeploy at once, without a shell restart', async () => {
    fs.writeFileSync(path.join(landingRoot, 'login.html'), page('2'));
    const res = await fetch(`${shellUrl}/login`);
    expect(res.headers.get('x-landing-page')).toBe('fresh');
    expect(await res.text()).toContain('Versione 2');
  });

  it('keeps serving the last good copy, with its own copy of the script, while the landing origin is down', async () => {
    await landing.close();
    const res = await fetch(`${shellUrl}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-landing-page')).toBe('stale');
    const html = await res.text();
    expect(html).toContain('Versione 2');
    expect(html).toContain(`<script defer src="/_landing/${SCRIPT}" data-page-script>`);
    const script = await fetch(`${shellUrl}/_landing/${SCRIPT}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toBe('console.log("script della pagina");');
    expect((await fetch(`${shellUrl}/_landing/altro.js`)).status).toBe(404);

    // Back up: the landing's page again, from the landing origin.
    await startLanding();
    const back = await fetch(`${shellUrl}/login`);
    expect(await back.text()).toContain(`src="${landingUrl}/${SCRIPT}"`);
  });

  it('answers a minimal Italian login page when it never had a copy', async () => {
    const lonely = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 500 });
    const lonelyUrl = await listen(lonely);
    try {
      await landing.close();
      const res = await fetch(`${lonelyUrl}/login`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-landing-page')).toBe('fallback');
      const html = await res.text();
      expect(html).toContain('<html lang="it">');
      expect(html).toContain('Accedi al tuo account');
      expect(html).toContain('Negozio Prova');
      expect(html).toMatch(/<form method="post"[^>]*data-login-form>/);
      expect(html).toMatch(/<input id="login-email" type="email" name="email"/);
      expect(html).not.toMatch(/<script/);
    } finally {
      await lonely.close();
      await startLanding();
    }
  });

  it('leaves the dashboard’s other paths to the single-page app', async () => {
    const res = await fetch(`${shellUrl}/dashboard/loyalty-cards`);
    expect(await res.text()).toContain('app della shell');
  });
});

describe('the shell answers /my-card (the customer’s page, decision 049) with the landing origin’s prerendered page', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'my-card-page-'));
  const landingRoot = path.join(dir, 'landing');
  const shellRoot = path.join(dir, 'shell');
  const configFile = path.join(dir, 'runtime-config.json');
  const MY_CARD_SCRIPT = 'myCard.0123456789.js';
  const myCardPage = `<!doctype html><html lang="it"><head><title>La tua carta fedeltà</title><script defer src="/${MY_CARD_SCRIPT}" data-page-script></script></head><body><div id="root"><main data-my-card><form data-mycard-request-form></form></main></div></body></html>`;
  let landing: FastifyInstance;
  let shell: FastifyInstance;
  let landingUrl = '';
  let shellUrl = '';

  beforeAll(async () => {
    fs.mkdirSync(landingRoot);
    fs.mkdirSync(shellRoot);
    fs.writeFileSync(path.join(landingRoot, 'index.html'), '<!doctype html><title>app della landing</title>');
    fs.writeFileSync(path.join(landingRoot, 'my-card.html'), myCardPage);
    fs.writeFileSync(path.join(landingRoot, MY_CARD_SCRIPT), 'console.log("pagina del cliente");');
    fs.writeFileSync(path.join(shellRoot, 'index.html'), '<!doctype html><title>app della shell</title>');
    landing = await createStaticServer({ root: landingRoot, runtimeConfigFile: configFile });
    landingUrl = await listen(landing);
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: landingUrl });
    shell = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 1000 });
    shellUrl = await listen(shell);
  });

  afterAll(async () => {
    await shell.close();
    await landing.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('at the landing origin and at the shell, with the query string (the link’s token) ignored by the server', async () => {
    const own = await fetch(`${landingUrl}/my-card`);
    expect(own.status).toBe(200);
    expect(own.headers.get('etag')).toBeTruthy();
    expect(await own.text()).toContain('data-mycard-request-form');
    const res = await fetch(`${shellUrl}/my-card?token=abc`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('data-mycard-request-form');
    expect(html).toContain(`<script defer src="${landingUrl}/${MY_CARD_SCRIPT}" data-page-script>`);
  });

  it('keeps its copy and the script while the landing origin is down; never having one, a 503 Italian page', async () => {
    await fetch(`${shellUrl}/my-card`);
    await landing.close();
    const res = await fetch(`${shellUrl}/my-card?token=abc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-landing-page')).toBe('stale');
    expect(await res.text()).toContain(`<script defer src="/_landing/${MY_CARD_SCRIPT}" data-page-script>`);
    expect(await (await fetch(`${shellUrl}/_landing/${MY_CARD_SCRIPT}`)).text()).toBe('console.log("pagina del cliente");');

    const fresh = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 500 });
    try {
      const none = await fresh.inject({ method: 'GET', url: '/my-card?token=abc' });
      expect(none.statusCode).toBe(503);
      expect(none.headers['x-landing-page']).toBe('fallback');
      expect(none.body).toContain('<html lang="it">');
      expect(none.body).toContain('La pagina della tua carta non è disponibile in questo momento.');
      expect(none.body).not.toMatch(/<script/);
    } finally {
      await fresh.close();
    }
  });
});
