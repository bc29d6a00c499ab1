/**
 * Link previews of a shop's signup link (tools/src/link-preview.ts): the landing origin and the shell's
 * server answer `/loyalty-cards/create?business_id=X` with the prerendered page named after the shop — title,
 * Open Graph and Twitter tags, the page's heading — asked from a real local HTTP server standing in for the
 * API (its /api target), escaped; unknown shop, API down or slow: the generic page, still 200.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createStaticServer } from '../src/static-server';
import { runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';
import { LANDING_TEMPLATE } from '../src/html-template';
import { createBusinessNameLookup, SIGNUP_TITLE, withSignupPreview } from '../src/link-preview';
import { pageDocument } from '../src/prerender';
import { PUBLIC_PAGES } from '../src/public-pages';
import { listen, siteFolders } from './helpers/sites';

const SCRIPT = 'signup.0123456789.js';
const SHOP_NAME = 'Bar <Luna> & "Co"';
const ESCAPED = 'Bar &lt;Luna&gt; &amp; &quot;Co&quot;';

/**
 * As the build writes it (tools/src/prerender.ts): the landing's template with the signup page's generic head,
 * a stand-in for the rendered markup (its heading, the empty shop name, the form) and the page's script.
 */
const SIGNUP_HTML = pageDocument(
  PUBLIC_PAGES.signup.head(fs.readFileSync(LANDING_TEMPLATE, 'utf8')),
  { html: `<main><h1>${SIGNUP_TITLE}</h1><p data-business-name="" class="x"></p><form data-signup-form></form></main>`, styles: '' },
  `/${SCRIPT}`,
  PUBLIC_PAGES.signup.noscript,
);

/** The API's public lookup, as `GET /api/business/:id` answers it; counts its calls, can be made slow. */
function fakeApi() {
  const calls: string[] = [];
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    calls.push(req.url ?? '');
    const answer = () => {
      const id = decodeURIComponent((req.url ?? '').replace(/^\/api\/business\//, ''));
      const body = id === 'bar-luna' ? [{ id, name: SHOP_NAME }] : id === 'rotto' ? null : [];
      if (body === null) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Errore interno' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (delayMs) setTimeout(answer, delayMs);
    else answer();
  });
  return {
    calls,
    setDelay: (ms: number) => (delayMs = ms),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function meta(html: string, attribute: string, key: string): string | null {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
}

describe('withSignupPreview', () => {
  it('names the shop in the title, the preview tags and the heading, escaped for HTML', () => {
    const html = withSignupPreview(SIGNUP_HTML, { businessName: SHOP_NAME, url: 'https://negozi.example/loyalty-cards/create?business_id=bar-luna' });
    expect(html).toContain(`<title>Ottieni la tua Carta Fedeltà – ${ESCAPED}</title>`);
    expect(meta(html, 'property', 'og:title')).toBe(`Ottieni la tua Carta Fedeltà – ${ESCAPED}`);
    expect(meta(html, 'property', 'og:description')).toContain(`Ottieni la tua Carta Fedeltà – ${ESCAPED}`);
    expect(meta(html, 'name', 'twitter:title')).toBe(`Ottieni la tua Carta Fedeltà – ${ESCAPED}`);
    expect(meta(html, 'property', 'og:url')).toBe('https://negozi.example/loyalty-cards/create?business_id=bar-luna');
    expect(html).toContain(`<p data-business-name="" class="x">${ESCAPED}</p>`);
    expect(html).not.toContain('<Luna>');
    expect(html).not.toContain('og:image');
    // `$&` and friends in a name are text, not replacement patterns.
    expect(withSignupPreview(SIGNUP_HTML, { businessName: 'Caffè $& $1' })).toContain('<title>Ottieni la tua Carta Fedeltà – Caffè $&amp; $1</title>');
  });
});

describe('the signup page of a shop, named on the server', () => {
  const sites = siteFolders('link-preview-', { 'signup.html': SIGNUP_HTML, [SCRIPT]: 'console.log("script della pagina");' });
  const { landingRoot, shellRoot, configFile } = sites;
  const api = fakeApi();
  let apiUrl = '';
  let landing: FastifyInstance;
  let shell: FastifyInstance;
  let landingUrl = '';
  let shellUrl = '';

  beforeAll(async () => {
    apiUrl = await api.start();
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: 'https://negozi.example' });
    landing = await createStaticServer({ root: landingRoot, runtimeConfigFile: configFile, apiUrl, previewTimeoutMs: 300 });
    landingUrl = await listen(landing);
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: landingUrl });
    shell = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, apiUrl, composeLandingPage: true, landingTimeoutMs: 1000, previewTimeoutMs: 300 });
    shellUrl = await listen(shell);
  });

  afterAll(async () => {
    await shell.close();
    await landing.close();
    await api.stop();
    sites.remove();
  });

  it('at the landing origin and at the shell: the shop in the title, the tags and the heading, for any Accept', async () => {
    for (const base of [landingUrl, shellUrl]) {
      for (const accept of ['text/html', '*/*']) {
        const res = await fetch(`${base}/loyalty-cards/create?business_id=bar-luna`, { headers: { accept } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        const html = await res.text();
        expect(html).toContain(`<title>Ottieni la tua Carta Fedeltà – ${ESCAPED}</title>`);
        expect(meta(html, 'property', 'og:title')).toBe(`Ottieni la tua Carta Fedeltà – ${ESCAPED}`);
        expect(meta(html, 'property', 'og:url')).toBe(`${landingUrl}/loyalty-cards/create?business_id=bar-luna`);
        expect(html).toContain(`>${ESCAPED}</p>`);
        expect(html).toContain('data-signup-form');
      }
    }
    // The shell takes the page from the landing origin, its script too.
    const composed = await (await fetch(`${shellUrl}/loyalty-cards/create?business_id=bar-luna`)).text();
    expect(composed).toContain(`<script defer src="${landingUrl}/${SCRIPT}" data-page-script>`);
  });

  it('asks the API once per shop for a while (a small cache)', async () => {
    api.calls.length = 0;
    for (let i = 0; i < 3; i += 1) await fetch(`${landingUrl}/loyalty-cards/create?business_id=bar-luna`);
    expect(api.calls).toEqual([]);
    const lookup = createBusinessNameLookup({ apiUrl });
    const names = await Promise.all([lookup('bar-luna'), lookup('bar-luna'), lookup('bar-luna')]);
    expect(names).toEqual([SHOP_NAME, SHOP_NAME, SHOP_NAME]);
    expect(api.calls).toEqual(['/api/business/bar-luna']);
  });

  it('several API instances (API_INSTANCES): one that refuses is skipped, the next one answers', async () => {
    const refused = http.createServer();
    await new Promise<void>((r) => refused.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(refused.address() as AddressInfo).port}`;
    await new Promise((r) => refused.close(r)); // nothing listens there any more: connection refused
    api.calls.length = 0;
    const lookup = createBusinessNameLookup({ apiUrl: [deadUrl, apiUrl] });
    expect(await lookup('bar-luna')).toBe(SHOP_NAME);
    expect(api.calls).toEqual(['/api/business/bar-luna']);
    expect(await createBusinessNameLookup({ apiUrl: [deadUrl] })('bar-luna')).toBeNull();
  });

  it('an unknown shop, a failing or slow API, no business_id: the generic page, still 200', async () => {
    for (const query of ['?business_id=sconosciuto', '?business_id=rotto', '', '?business_id=', '?business_id=%3Cscript%3E']) {
      const res = await fetch(`${landingUrl}/loyalty-cards/create${query}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>Ottieni la tua Carta Fedeltà</title>');
      expect(html).toContain('<p data-business-name="" class="x"></p>');
      expect(html).not.toContain('og:url');
    }
    api.setDelay(2000);
    try {
      const started = Date.now();
      const res = await fetch(`${shellUrl}/loyalty-cards/create?business_id=lenta`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Ottieni la tua Carta Fedeltà</title>');
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      api.setDelay(0);
    }
  });

  it('with the API down: the generic page, still 200', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const lonely = await createStaticServer({ root: landingRoot, runtimeConfigFile: configFile, apiUrl: `http://127.0.0.1:${closedPort}` });
    try {
      const res = await lonely.inject({ method: 'GET', url: '/loyalty-cards/create?business_id=bar-luna' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Ottieni la tua Carta Fedeltà</title>');
      expect(res.body).toContain('data-signup-form');
    } finally {
      await lonely.close();
    }
  });

  it('the shell keeps its copy while the landing origin is down; never having one, a 503 Italian page', async () => {
    await fetch(`${shellUrl}/loyalty-cards/create?business_id=bar-luna`);
    const port = Number(new URL(landingUrl).port);
    await landing.close();
    try {
      const res = await fetch(`${shellUrl}/loyalty-cards/create?business_id=bar-luna`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-landing-page')).toBe('stale');
      const html = await res.text();
      expect(html).toContain(`<title>Ottieni la tua Carta Fedeltà – ${ESCAPED}</title>`);
      expect(html).toContain(`<script defer src="/_landing/${SCRIPT}" data-page-script>`);
      expect(await (await fetch(`${shellUrl}/_landing/${SCRIPT}`)).text()).toBe('console.log("script della pagina");');

      const fresh = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, apiUrl, composeLandingPage: true, landingTimeoutMs: 500 });
      try {
        const none = await fresh.inject({ method: 'GET', url: '/loyalty-cards/create?business_id=bar-luna' });
        expect(none.statusCode).toBe(503);
        expect(none.headers['x-landing-page']).toBe('fallback');
        expect(none.body).toContain('<html lang="it">');
        expect(none.body).toContain('La richiesta della carta non è disponibile in questo momento.');
        expect(none.body).not.toMatch(/<script/);
      } finally {
        await fresh.close();
      }
    } finally {
      landing = await createStaticServer({ root: landingRoot, runtimeConfigFile: configFile, apiUrl });
      await landing.listen({ port, host: '127.0.0.1' });
    }
  });
});
