/**
 * The public pages made at build time (tools/src/prerender.ts, the registry tools/src/public-pages.ts): each
 * page's markup rendered to HTML with its CSS, the SEO head of the public page, SVG charts, and the one script per
 * page that makes it work (its size printed); the shell's own copy of the login page, the same document; and
 * the SEO head served for /login and / whatever the Accept header says.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LANDING_TEMPLATE } from '../src/html-template';
import { PAGE_SCRIPT_ATTRIBUTE, prerenderLanding, prerenderShellCopies, type PrerenderResult } from '../src/prerender';
import { createStaticServer } from '../src/static-server';
import { runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
let result: PrerenderResult;

beforeAll(async () => {
  result = await prerenderLanding(out, 'production');
}, 120_000);

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const brotliSize = (file: string) => zlib.brotliCompressSync(fs.readFileSync(path.join(out, file))).length;

describe('prerendered /login', () => {
  let html = '';
  let script = '';

  beforeAll(() => {
    expect(result.files).toEqual(['login.html', 'signup.html', 'my-card.html']);
    script = result.script;
    html = fs.readFileSync(path.join(out, 'login.html'), 'utf8');
  });

  it('has the whole landing page in the HTML: header, hero, login form, features, pricing, footer', () => {
    expect(html).toContain('<h1>Carte fedeltà digitali che fanno tornare i tuoi clienti</h1>');
    expect(html).toMatch(/aumentano il fatturato in media del <strong>20%<\/strong>/);
    expect(html).toContain('aria-label="Navigazione principale"');
    expect(html).toContain('id="landing-mobile-menu"');
    expect(html).toMatch(/<form[^>]*data-login-form[^>]*method="post"|<form[^>]*method="post"[^>]*data-login-form/);
    expect(html).toContain('<h2 id="login-title">Accedi al tuo account</h2>');
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(html).toContain('id="features"');
    expect(html).toContain('Pacchetto WhatsApp');
    expect(html).toContain('Scegli Pacchetto');
    expect(html).toMatch(/role="contentinfo"/);
    expect(html).toContain('href="/privacy"');
    for (const anchor of ['top', 'login', 'features', 'pricing']) expect(html).toContain(`id="${anchor}"`);
    // The cookie banner is in the page, hidden until the script finds no saved choice.
    expect(html).toMatch(/<div hidden="" data-cookie-banner="true">/);
  });

  it('draws the sample charts as SVG, with whole tick labels', () => {
    const charts = html.match(/<svg[^>]*data-chart="[a-z]+"/g) ?? [];
    expect(charts).toHaveLength(2);
    expect(html.match(/<path[^>]*data-series="(revenue|projected)"/g)).toHaveLength(2);
    expect(html.match(/<rect[^>]*data-series="extra"/g)).toHaveLength(6);
    expect(html).toContain('>32k</text>');
  });

  it('inlines the critical CSS and keeps the SEO head and JSON-LD of the public page', () => {
    expect(html).toMatch(/<style data-styled="true"[^>]*>[^<]*\.[a-zA-Z]+\{/);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<meta name="description" content="Carte fedeltà digitali');
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(JSON.parse(jsonLd![1])).toMatchObject({ '@type': 'SoftwareApplication', aggregateRating: { ratingValue: '4.8', reviewCount: '112' } });
    // No inline executable script (the CSP has none): the JSON-LD and the page's script file only.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="application/ld+json">', `<script defer src="/${script}" ${PAGE_SCRIPT_ATTRIBUTE}>`]);
  });

  it('loads a small script, not React: under 30 KB compressed', () => {
    expect(script).toMatch(/^login\.[0-9a-f]{10}\.js$/);
    const code = fs.readFileSync(path.join(out, script), 'utf8');
    const size = brotliSize(script);
    process.stdout.write(`login page script: ${size} B brotli\n`);
    expect(size).toBeLessThan(30 * 1024);
    expect(fs.existsSync(path.join(out, `${script}.br`))).toBe(true);
    expect(code).not.toMatch(/react\.development|__reactFiber|createRoot/);
    expect(code).toContain('Troppi tentativi. Riprova tra 5 minuti.');
    expect(fs.existsSync(path.join(out, 'login.html.br'))).toBe(true);
    // The signup page's card drawing (and its QR library) is not the login page's.
    expect(code).not.toMatch(/CARTA FEDELT(À|\\u00c0|\\xc0)/i);
  });
});

describe('prerendered signup page', () => {
  let html = '';
  let script = '';

  beforeAll(() => {
    script = result.scripts.signup;
    html = fs.readFileSync(path.join(out, 'signup.html'), 'utf8');
  });

  it('has the page in the HTML: heading, the form with every field, the consent fieldset, the privacy link, the footer', () => {
    expect(html).toContain('<h1>Ottieni la tua Carta Fedeltà</h1>');
    expect(html).toMatch(/<p data-business-name=""[^>]*><\/p>/);
    expect(html).toMatch(/<form[^>]*aria-label="Richiesta della carta fedeltà"[^>]*data-signup-form/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<label for="signup-email"[^>]*>Email<\/label><input id="signup-email" type="email" autoComplete="email" required=""/);
    expect(html).toMatch(/<label for="signup-full_name"[^>]*>Nome completo<\/label><input id="signup-full_name"[^>]*name="full_name"/);
    expect(html).toMatch(/<label for="signup-phone"[^>]*>Numero di telefono<\/label><input id="signup-phone" type="tel"[^>]*name="phone"/);
    // Every error line is in the page, hidden, for the script to fill and point the field at.
    for (const name of ['email', 'full_name', 'phone', 'privacy_ack']) expect(html).toMatch(new RegExp(`<p id="[^"]+-error" hidden="" data-field-error="${name}"`));
    expect(html).toMatch(/<fieldset[^>]*><legend>Consensi<\/legend><label[^>]*><input type="checkbox" required="" name="privacy_ack"\/><span>Ho letto l&#x27;informativa sulla privacy \(obbligatorio\)<\/span>/);
    expect(html).toMatch(/<a rel="noopener" href="\/privacy" target="_blank"[^>]*>Leggi l&#x27;informativa sulla privacy<\/a>/);
    expect(html).toContain('<legend>Desidero ricevere offerte e novità (facoltativo):</legend>');
    for (const [channel, label] of [['whatsapp', 'via WhatsApp'], ['sms', 'via SMS'], ['email', 'via Email']]) {
      expect(html).toContain(`<input type="checkbox" name="marketing_channels" value="${channel}"/><span>${label}</span>`);
    }
    expect(html).toMatch(/<button type="submit" data-signup-submit="true"[^>]*>.*Ottieni<\/button>/);
    expect(html).toMatch(/<p role="alert" hidden="" data-signup-message="true"/);
    expect(html).toMatch(/role="contentinfo"/);
    expect(html).toContain('href="/cookie-policy"');
    // The two answers are there, hidden: the card (canvas and download) and 'Carta già richiesta'.
    expect(html).toMatch(/<div hidden="" data-signup-view="card">[\s\S]*<h1 tabindex="-1">La tua Carta Fedeltà<\/h1>[\s\S]*<canvas width="400" height="250" role="img"[\s\S]*Scarica la carta \(PNG\)/);
    expect(html).toMatch(/<div hidden="" data-signup-view="resent">[\s\S]*<h1 tabindex="-1">Carta già richiesta<\/h1>/);
    expect(html).toContain('<noscript>Per richiedere la carta attiva JavaScript nel browser.</noscript>');
  });

  it('inlines the critical CSS, has a generic title and preview, and no inline script', () => {
    expect(html).toMatch(/<style data-styled="true"[^>]*>[^<]*\.[a-zA-Z]+\{/);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<title>Ottieni la tua Carta Fedeltà</title>');
    expect(html).toContain('<meta property="og:title" content="Ottieni la tua Carta Fedeltà" />');
    expect(html).toContain('<meta name="twitter:title" content="Ottieni la tua Carta Fedeltà" />');
    // The product's keywords and JSON-LD belong to the landing, not to a shop's signup page.
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain('name="keywords"');
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script defer src="/${script}" ${PAGE_SCRIPT_ATTRIBUTE}>`]);
  });

  it('loads a small script, not React: the form, the card drawing and its QR code in under 30 KB compressed', () => {
    expect(script).toMatch(/^signup\.[0-9a-f]{10}\.js$/);
    const code = fs.readFileSync(path.join(out, script), 'utf8');
    const size = brotliSize(script);
    process.stdout.write(`signup page script: ${size} B brotli\n`);
    expect(size).toBeLessThan(30 * 1024);
    expect(fs.existsSync(path.join(out, `${script}.br`))).toBe(true);
    expect(code).not.toMatch(/react\.development|__reactFiber|createRoot|styled-components/);
    // The messages of shared's signupForm, the rule the script runs.
    for (const message of ['Campo "email" è obbligatorio', 'Campo "nome completo" è obbligatorio', 'Campo "numero di telefono" obbligatorio', 'Numero di telefono non valido']) {
      expect(code).toContain(message);
    }
    expect(code).toMatch(/CARTA FEDELT(À|\\u00c0|\\xc0)/i);
    // One file: no chunk to fetch later (the shell's kept copy of the script is the whole of it).
    expect(fs.readdirSync(out).filter((f) => /\.js$/.test(f)).sort()).toEqual([result.scripts.login, script, result.scripts.myCard].sort());
  });
});

describe('prerendered customer page /my-card (decision 049)', () => {
  let html = '';
  let script = '';

  beforeAll(() => {
    script = result.scripts.myCard;
    html = fs.readFileSync(path.join(out, 'my-card.html'), 'utf8');
  });

  it('has the three views, the request form with its label, and the templates the script clones', () => {
    expect(html).toMatch(/<section data-mycard-view="request" aria-labelledby="mycard-request-title"><h1 id="mycard-request-title" tabindex="-1">La tua carta fedeltà<\/h1>/);
    expect(html).toMatch(/<form[^>]*aria-labelledby="mycard-request-title"[^>]*data-mycard-request-form/);
    expect(html).toMatch(/<label for="mycard-contact"[^>]*>Email o numero di telefono<\/label><input id="mycard-contact" type="text"[^>]*name="contact"/);
    expect(html).toMatch(/<p role="status"[^>]*data-mycard-request-status/);
    expect(html).toMatch(/<section hidden="" data-mycard-view="opening"/);
    expect(html).toMatch(/<section hidden="" data-mycard-view="cards"[\s\S]*Scarica i miei dati \(JSON\)[\s\S]*Scarica i miei dati \(CSV\)/);
    expect(html).toMatch(/<dialog[^>]*aria-labelledby="mycard-erase-title"[^>]*data-mycard-erase-dialog/);
    expect(html).toMatch(/<template data-mycard-template="card"><section[^>]*data-card[\s\S]*Salva preferenze[\s\S]*Rinnova il consenso[\s\S]*Elimina la mia carta[\s\S]*<\/template>/);
    expect(html).toMatch(/<template data-mycard-template="ledger-row"><table><tbody><tr>/);
    for (const channel of ['email', 'sms', 'whatsapp']) expect(html).toContain(`data-channel="${channel}"`);
    expect(html).toContain('Le carte si trovano con l’email o il numero di telefono lasciati al negozio');
  });

  it('is a person’s page: its own title, not indexed, no referrer (the token), no product SEO, one deferred script', () => {
    expect(html).toContain('<title>La tua carta fedeltà</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<meta name="referrer" content="no-referrer" />');
    expect(html).not.toContain('application/ld+json');
    expect(html).toMatch(/<style data-styled="true"[^>]*>[^<]*\.[a-zA-Z]+\{/);
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script defer src="/${script}" ${PAGE_SCRIPT_ATTRIBUTE}>`]);
  });

  it('loads a small script, not React: the page, the card drawing and its QR code in under 30 KB compressed', () => {
    expect(script).toMatch(/^myCard\.[0-9a-f]{10}\.js$/);
    const code = fs.readFileSync(path.join(out, script), 'utf8');
    const size = brotliSize(script);
    process.stdout.write(`my-card page script: ${size} B brotli\n`);
    expect(size).toBeLessThan(30 * 1024);
    expect(fs.existsSync(path.join(out, `${script}.br`))).toBe(true);
    expect(code).not.toMatch(/react\.development|__reactFiber|createRoot|styled-components/);
    expect(code).toContain('La sessione è scaduta: richiedi un nuovo link.');
    expect(code).toMatch(/CARTA FEDELT(À|\\u00c0|\\xc0)/i);
  });
});

describe("the shell's own copy of the login page", () => {
  const shellOut = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-shell-copy-'));
  let copy: PrerenderResult;

  beforeAll(async () => {
    copy = await prerenderShellCopies(shellOut, 'production');
  }, 120_000);

  afterAll(() => fs.rmSync(shellOut, { recursive: true, force: true }));

  it('is the landing’s login page, the same document with the same script, under its own name', () => {
    expect(copy.files).toEqual(['fallback-login.html']);
    expect(fs.readFileSync(path.join(shellOut, 'fallback-login.html'), 'utf8')).toBe(fs.readFileSync(path.join(out, 'login.html'), 'utf8'));
    expect(copy.scripts).toEqual({ login: result.scripts.login });
    expect(fs.readFileSync(path.join(shellOut, copy.script))).toEqual(fs.readFileSync(path.join(out, result.scripts.login)));
    expect(fs.existsSync(path.join(shellOut, `${copy.script}.br`))).toBe(true);
    // Nothing else: the shell answers the other pages only from the landing origin.
    expect(fs.readdirSync(shellOut).filter((f) => /\.(html|js)$/.test(f)).sort()).toEqual(['fallback-login.html', copy.script].sort());
  });
});

/** GET with exactly these request headers (fetch always adds an Accept). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the SEO head and JSON-LD of the public page in the HTML served for /login and /, whatever the Accept header', () => {
  const configFile = path.join(out, '..', `${path.basename(out)}-runtime-config.json`);
  let landing: FastifyInstance;
  let shell: FastifyInstance;
  const origins: Record<string, string> = {};

  beforeAll(async () => {
    // The landing's own index.html is built from the same template (tools/src/federation.ts, htmlTemplate 'landing').
    fs.copyFileSync(LANDING_TEMPLATE, path.join(out, 'index.html'));
    const shellRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-shell-'));
    fs.writeFileSync(path.join(shellRoot, 'index.html'), '<!doctype html><title>app della shell</title>');
    writeRuntimeConfig(configFile, runtimeConfigFromEnv({}));
    landing = await createStaticServer({ root: out, runtimeConfigFile: configFile });
    await landing.listen({ port: 0, host: '127.0.0.1' });
    origins.landing = `http://127.0.0.1:${(landing.server.address() as AddressInfo).port}`;
    writeRuntimeConfig(configFile, { ...runtimeConfigFromEnv({}), landingBaseUrl: origins.landing });
    shell = await createStaticServer({ root: shellRoot, runtimeConfigFile: configFile, composeLandingPage: true });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    origins.shell = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await shell.close();
    await landing.close();
    fs.rmSync(configFile, { force: true });
  });

  const ACCEPTS: Record<string, string>[] = [{}, { accept: '*/*' }, { accept: 'text/html' }, { accept: 'application/json' }, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' }];
  for (const where of ['shell', 'landing']) {
    for (const pathname of ['/login', '/']) {
      it(`${where} ${pathname}`, async () => {
        for (const headers of ACCEPTS) {
          const { status, body } = await rawGet(`${origins[where]}${pathname}`, headers);
          expect([pathname, headers, status]).toEqual([pathname, headers, 200]);
          expect(body).toContain('<title>Appo – Carte fedeltà digitali per negozi: +20% di fatturato in 6 mesi</title>');
          expect(body).toMatch(/<meta name="description" content="[^"]*20% di fatturato in meno di 6 mesi/);
          expect(body).toContain('<meta name="keywords" content="carta fedeltà digitale');
          expect(body).toContain('<meta property="og:title"');
          const jsonLd = body.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
          expect(JSON.parse(jsonLd![1])).toMatchObject({ '@type': 'SoftwareApplication', offers: { lowPrice: '20', highPrice: '30' }, aggregateRating: { ratingValue: '4.8', reviewCount: '112' } });
        }
      });
    }
  }
});
