/**
 * The dashboard's frame in the shell's HTML (tools/src/prerender.ts prerenderShellFrames, rendered from the shell's
 * own components): one page per dashboard route with the sidebar, the top bar and the screen's heading, the CSS
 * of every class the markup uses, the session gate the Content-Security-Policy allows by its hash, and the shell's
 * server answering each dashboard path with its page.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { appPageTemplate, FRAME_GATE_HASH, FRAME_GATE_SCRIPT, frameFile, LANDING_TEMPLATE } from '../src/html-template';
import { prerenderShellFrames } from '../src/prerender';
import { contentSecurityPolicy, runtimeConfigFromEnv, writeRuntimeConfig } from '../src/runtime-config';
import { createStaticServer } from '../src/static-server';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'frames-'));
const SCRIPTS = '<script defer src="/main.js"></script>';
let files: string[] = [];

beforeAll(async () => {
  // The shell's index.html as its webpack build writes it: the app template with the entry script in the head.
  const index = appPageTemplate(fs.readFileSync(LANDING_TEMPLATE, 'utf8'), 'Appo – Dashboard').replace('</head>', `${SCRIPTS}</head>`);
  fs.writeFileSync(path.join(out, 'index.html'), index);
  ({ files } = await prerenderShellFrames(out, 'production', '9.8.7'));
}, 120_000);

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const page = (pagePath: string) => fs.readFileSync(path.join(out, frameFile(pagePath)), 'utf8');

it('writes one page per dashboard route, and none for the public pages', () => {
  expect(files).toEqual(expect.arrayContaining(['frames/dashboard.html', 'frames/dashboard/loyalty-cards.html', 'frames/dashboard/add-points.html', 'frames/campaign-success.html']));
  expect(files.some((f) => /login|privacy|my-card|invito/.test(f))).toBe(false);
  for (const file of files) expect(fs.existsSync(path.join(out, `${file}.br`))).toBe(true);
});

it('carries the frame and the screen heading in #root, with the shell scripts unchanged', () => {
  const html = page('/dashboard');
  expect(html).toContain(SCRIPTS);
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toMatch(/^<div id="root"><div data-prerendered-frame>/);
  expect(root).toContain('<a href="#contenuto"');
  expect(root).toMatch(/<aside id="sidebar" aria-label="Menu principale"/);
  expect(root).toMatch(/<nav aria-label="Sezioni della dashboard"[^>]*>/);
  expect(root).toMatch(/<header[^>]*>.*aria-label="Apri menu"/);
  expect(root).toMatch(/<main id="contenuto" tabindex="-1"[^>]*><h1[^>]*>Panoramica<\/h1>/);
  expect(root).toContain('<dd data-version-of="shell">9.8.7</dd>');
  expect(page('/dashboard/loyalty-cards')).toMatch(/<h1[^>]*>Carte Fedeltà<\/h1>/);
  // A page outside the sidebar: its route's placeholder heading (what the page writes until it knows the shop
  // counts stamps), inside the page's own centred column (decision 092); one without a placeholder has no heading.
  expect(page('/dashboard/add-points')).toMatch(/<main id="contenuto" tabindex="-1"[^>]*><div class="[^"]+"><h1[^>]*>Aggiungi punti<\/h1>/);
  expect(page('/dashboard/add-points')).toMatch(/\{max-width:28rem;margin:0 auto;\}/);
  expect(page('/campaign-success')).not.toMatch(/<h1/);
  // A page that writes shared's screen head first (decision 093): its title row with the main action, disabled as
  // the page's is until the shop is known, and its lead paragraph under it.
  const campaigns = page('/dashboard/campaigns');
  expect(campaigns).toMatch(/<main id="contenuto" tabindex="-1"[^>]*><header class="[^"]+"><h1>Campagne<\/h1><button[^>]* disabled=""[^>]*>Crea Nuova Campagna<\/button><\/header><p>Crea e invia campagne WhatsApp, SMS ed Email/);
  // The cards screen's head (decision 094): the title row with «Scansiona», then the search and the status filter,
  // all disabled until the page replaces them; no lead paragraph.
  const cards = page('/dashboard/loyalty-cards');
  expect(cards).toMatch(/<main id="contenuto" tabindex="-1"[^>]*><header class="[^"]+"><h1>Carte Fedeltà<\/h1><button[^>]* disabled=""[^>]*>Scansiona<\/button><\/header><div class="[^"]+">/);
  const label = cards.match(/<label[^>]*for="([^"]+)"[^>]*>Cerca per nome, e-mail, numero carta o telefono<\/label>/);
  expect(label).not.toBeNull();
  expect(cards).toMatch(new RegExp(`<input[^>]*id="${label![1]}"[^>]*>`));
  expect(cards.match(new RegExp(`<input[^>]*id="${label![1]}"[^>]*>`))![0]).toMatch(/type="search"[^>]* disabled=""|disabled=""[^>]*type="search"/);
  expect(cards).toMatch(/<select[^>]* disabled=""[^>]*><option value="all">Tutte<\/option><option value="active">Attive<\/option><option value="inactive">Inattive<\/option><\/select>/);
  expect(cards).not.toMatch(/<p>/);
});

it('has the CSS of every class the frame uses in the head', () => {
  const html = page('/dashboard');
  const head = html.slice(0, html.indexOf('</head>'));
  const styles = head.match(/<style data-styled[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? '';
  const markup = html.slice(html.indexOf('<div id="root">'));
  const classes = new Set([...markup.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1].split(' ')).filter((c) => !c.startsWith('sc-')));
  expect(classes.size).toBeGreaterThan(5);
  for (const name of classes) expect([name, styles.includes(`.${name}{`)]).toEqual([name, true]);
  // The sidebar's width and the top bar's stickiness are there before any script.
  expect(styles).toContain('grid-template-columns:16rem 1fr');
  expect(styles).toMatch(/position:sticky;top:0;z-index:30/);
});

it('hides the frame from a visitor without a session by the one inline script, which the policy allows by its hash', () => {
  const html = page('/dashboard');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  expect(inline).toEqual([FRAME_GATE_SCRIPT]);
  expect(html.indexOf(FRAME_GATE_SCRIPT)).toBeLessThan(html.indexOf('<body'));
  expect(html).toContain('html[data-signed-out] [data-prerendered-frame]{display:none}');
  expect(FRAME_GATE_HASH).toBe(`'sha256-${crypto.createHash('sha256').update(inline[0]).digest('base64')}'`);
  const scriptSrc = contentSecurityPolicy(runtimeConfigFromEnv({})).split('; ').find((d) => d.startsWith('script-src'))!;
  expect(scriptSrc.split(' ').filter((source) => source.startsWith("'sha"))).toEqual([FRAME_GATE_HASH]);
});

describe("the shell's server", () => {
  let server: FastifyInstance;
  let base = '';
  beforeAll(async () => {
    const configFile = path.join(out, 'runtime-config.json');
    writeRuntimeConfig(configFile, runtimeConfigFromEnv({}));
    server = await createStaticServer({ root: out, runtimeConfigFile: configFile });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('answers each dashboard path with its framed page, and any other page path with index.html', async () => {
    for (const [pagePath, heading] of [['/dashboard', 'Panoramica'], ['/dashboard/campaigns', 'Campagne']]) {
      const res = await fetch(`${base}${pagePath}?x=1`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
    for (const other of ['/dashboard/unknown', '/qualcosa', '/dashboard/']) {
      const text = await (await fetch(`${base}${other}`)).text();
      expect([other, text.includes('<div id="root"></div>')]).toEqual([other, true]);
    }
  });
});
