/**
 * The landing's build-time pages (tools/src/prerender.ts): the real page components rendered to HTML with
 * their CSS, the SEO head of SPEC §1, SVG charts, and the small script that makes the form work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PAGE_SCRIPT_ATTRIBUTE, prerenderLanding } from '../src/prerender';

describe('prerendered /login', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
  let html = '';
  let script = '';

  beforeAll(async () => {
    const result = await prerenderLanding(out, 'production');
    expect(result.files).toEqual(['login.html']);
    script = result.script;
    html = fs.readFileSync(path.join(out, 'login.html'), 'utf8');
  }, 120_000);

  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

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

  it('inlines the critical CSS and keeps the SEO head and JSON-LD of SPEC §1', () => {
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
    expect(zlib.brotliCompressSync(code).length).toBeLessThan(30 * 1024);
    expect(fs.existsSync(path.join(out, `${script}.br`))).toBe(true);
    expect(code).not.toMatch(/react\.development|__reactFiber|createRoot/);
    expect(code).toContain('Troppi tentativi. Riprova tra 5 minuti.');
    expect(fs.existsSync(path.join(out, 'login.html.br'))).toBe(true);
  });
});
