/**
 * Server-side composition of /login (docs/decisions/028-prerendered-public-pages.md): a real landing static
 * server holds a prerendered login.html; the shell's static server answers /login and / with it, revalidated
 * with its ETag, picks up a landing redeploy without a restart, keeps serving the last good copy (with the
 * script from its own kept copy) when the landing server is stopped, and, when it never reached one, its own
 * build's copy of the login page (tools/src/prerender.ts `prerenderShellCopies`) with its script served by
 * the shell itself — or, without that copy, a short Italian page (503).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createStaticServer } from '../src/static-server';
import { runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';
import { listen, siteFolders } from './helpers/sites';

const SCRIPT = 'login.0123456789.js';

function page(version: string, script = SCRIPT): string {
  return `<!doctype html><html lang="it"><head><title>Appo</title><script defer src="/${script}" data-page-script></script></head><body><div id="root"><h1>Versione ${version}</h1><form data-login-form></form></div></body></html>`;
}

describe('the shell answers /login with the landing origin’s prerendered page', () => {
  const sites = siteFolders('landing-page-', { 'login.html': page('1'), [SCRIPT]: 'console.log("script della pagina");' });
  const { landingRoot, shellRoot, configFile } = sites;
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
    await startLanding();
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: landingUrl, brandName: 'Negozio Prova' });
    shell = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 1000 });
    shellUrl = await listen(shell);
  });

  afterAll(async () => {
    await shell.close();
    await landing.close();
    sites.remove();
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

  it('never having reached the landing origin, answers its own copy of the login page, whose script it serves', async () => {
    // What the shell's build writes (tools/src/prerender.ts `prerenderShellCopies`): the same page and script.
    const COPY_SCRIPT = 'login.9876543210.js';
    fs.writeFileSync(path.join(shellRoot, 'fallback-login.html'), page('della shell', COPY_SCRIPT));
    fs.writeFileSync(path.join(shellRoot, COPY_SCRIPT), 'console.log("script della copia");');
    const lonely = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 500 });
    const lonelyUrl = await listen(lonely);
    try {
      await landing.close();
      for (const pathname of ['/login', '/']) {
        const res = await fetch(`${lonelyUrl}${pathname}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-landing-page')).toBe('fallback');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        const html = await res.text();
        expect(html).toContain('Versione della shell');
        expect(html).toContain('<form data-login-form>');
        // Its script from the shell's own origin, as written: no landing origin is needed for the form to work.
        expect(html).toContain(`<script defer src="/${COPY_SCRIPT}" data-page-script>`);
      }
      const script = await fetch(`${lonelyUrl}/${COPY_SCRIPT}`);
      expect(script.status).toBe(200);
      expect(await script.text()).toBe('console.log("script della copia");');
    } finally {
      await lonely.close();
      fs.rmSync(path.join(shellRoot, 'fallback-login.html'));
      fs.rmSync(path.join(shellRoot, COPY_SCRIPT));
      await startLanding();
    }
  });

  it('never having reached the landing origin and with no copy of its own (an older build), a short Italian page, 503', async () => {
    const lonely = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 500 });
    const lonelyUrl = await listen(lonely);
    try {
      await landing.close();
      const res = await fetch(`${lonelyUrl}/login`);
      expect(res.status).toBe(503);
      expect(res.headers.get('x-landing-page')).toBe('fallback');
      const html = await res.text();
      expect(html).toContain('<html lang="it">');
      expect(html).toContain('<title>Accedi – Negozio Prova</title>');
      expect(html).toContain('La pagina di accesso non è disponibile in questo momento. Riprova tra qualche minuto.');
      expect(html).not.toMatch(/<script|<form/);
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
  const MY_CARD_SCRIPT = 'myCard.0123456789.js';
  const myCardPage = `<!doctype html><html lang="it"><head><title>La tua carta fedeltà</title><script defer src="/${MY_CARD_SCRIPT}" data-page-script></script></head><body><div id="root"><main data-my-card><form data-mycard-request-form></form></main></div></body></html>`;
  const sites = siteFolders('my-card-page-', { 'my-card.html': myCardPage, [MY_CARD_SCRIPT]: 'console.log("pagina del cliente");' });
  const { landingRoot, shellRoot, configFile } = sites;
  let landing: FastifyInstance;
  let shell: FastifyInstance;
  let landingUrl = '';
  let shellUrl = '';

  beforeAll(async () => {
    landing = await createStaticServer({ root: landingRoot, runtimeConfigFile: configFile });
    landingUrl = await listen(landing);
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: landingUrl });
    shell = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true, landingTimeoutMs: 1000 });
    shellUrl = await listen(shell);
  });

  afterAll(async () => {
    await shell.close();
    await landing.close().catch(() => undefined);
    sites.remove();
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
