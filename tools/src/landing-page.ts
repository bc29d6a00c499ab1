/**
 * Server-side composition of the public pages (docs/decisions/028-prerendered-public-pages.md): the shell's
 * server answers `/login`, `/loyalty-cards/create` and `/my-card` (decision 049) with the landing remote's current prerendered page,
 * taken from the landing origin (`landingBaseUrl` of the run-time config, read per request) and revalidated
 * with its ETag on every request, so a landing deploy changes them at once and a shell rebuild is never needed.
 * - The page's script tag is made absolute to the landing origin (the CSP allows the configured origins).
 * - The script itself is kept too: when the landing origin cannot be reached, the last good page is served
 *   with the script from this server (`/_landing/<file>`), so the form keeps working.
 * - Never reached (or never a prerendered page): a minimal Italian page — for /login one with the same form.
 */
import { escapeHtml } from './link-preview';
import { PAGE_SCRIPT_ATTRIBUTE } from './prerender';

export type LandingPageState = 'fresh' | 'revalidated' | 'stale' | 'fallback';

export interface LandingPage {
  html: string;
  state: LandingPageState;
}

export interface LandingPageSource {
  /** The page to answer for the source's path now. */
  page(): Promise<LandingPage>;
  /** The kept copy of a page script (for `/_landing/<file>`), or null. */
  script(file: string): { body: Buffer; type: string } | null;
}

export interface LandingPageOptions {
  /** The page's path on the landing origin. Default `/login`. */
  pagePath?: string;
  /** The page served when no copy was ever had. Default the minimal login page. */
  fallbackPage?: (brandName?: string) => string;
  /** The landing origin now (from the run-time config), or null when none is configured. */
  landingBaseUrl: () => string | null;
  /** The configured brand, for the minimal page. */
  brandName?: () => string | undefined;
  /** How long to wait for the landing origin before serving the kept copy. Default 2 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Where the shell serves its kept copy of the landing page's script. */
export const KEPT_SCRIPT_PREFIX = '/_landing/';

const SCRIPT_TAG = new RegExp(`<script([^>]*?) src="([^"]+)"([^>]*?${PAGE_SCRIPT_ATTRIBUTE}[^>]*)>`, 'g');

/** The page's script URLs (as written by the landing build: root-relative). */
function pageScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT_TAG)].map((m) => m[2]);
}

function withScriptBase(html: string, base: (src: string) => string): string {
  return html.replace(SCRIPT_TAG, (_tag, before: string, src: string, after: string) => `<script${before} src="${base(src)}"${after}>`);
}

/** A page the shell can answer alone, in the platform's plain style: a title, extra CSS and the content of <main>. */
function plainPage(title: string, css: string, main: string): string {
  return `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: #f8fafc; color: #111827; }
      main { max-width: 26rem; margin: 4rem auto; padding: 1.5rem; background: #fff; border: 1px solid #cbd5e1; border-radius: .75rem; }${css}
    </style>
  </head>
  <body>
    <main>
${main}
    </main>
  </body>
</html>
`;
}

/** A login page that needs nothing from the landing origin: the same form (and data-* hooks) as the prerendered one. */
export function fallbackLoginPage(brandName = 'Appo'): string {
  const brand = escapeHtml(brandName);
  return plainPage(
    `Accedi – ${brand}`,
    `
      form { display: flex; flex-direction: column; gap: .75rem; }
      input { padding: .5rem; border: 1px solid #64748b; border-radius: .5rem; font: inherit; }
      button { padding: .6rem; border: 0; border-radius: .5rem; background: #1d4ed8; color: #fff; font: inherit; cursor: pointer; }
      [role="alert"] { margin: 0; padding: .5rem; background: #fef2f2; color: #b91c1c; border-radius: .5rem; }`,
    `      <p>${brand}</p>
      <form method="post" novalidate aria-labelledby="login-title" data-login-form>
        <h1 id="login-title">Accedi al tuo account</h1>
        <label for="login-email">Email</label>
        <input id="login-email" type="email" name="email" autocomplete="username" placeholder="nome@azienda.it" required />
        <label for="login-password">Password</label>
        <input id="login-password" type="password" name="password" autocomplete="current-password" required />
        <p role="alert" hidden data-login-message></p>
        <button type="submit" data-login-submit>Accedi</button>
      </form>
      <noscript>Per accedere attiva JavaScript nel browser.</noscript>`,
  );
}

/** The signup page when the landing origin never answered: nothing to fill in, a sentence to come back. */
export function fallbackSignupPage(brandName = 'Appo'): string {
  return plainPage(
    `Ottieni la tua Carta Fedeltà – ${escapeHtml(brandName)}`,
    '',
    `      <h1>Ottieni la tua Carta Fedeltà</h1>
      <p role="status">La richiesta della carta non è disponibile in questo momento. Riprova tra qualche minuto.</p>`,
  );
}

/** The customer's page (decision 049) when the landing origin never answered: a sentence to come back, the link kept. */
export function fallbackMyCardPage(brandName = 'Appo'): string {
  return plainPage(
    `La tua carta fedeltà – ${escapeHtml(brandName)}`,
    '',
    `      <h1>La tua carta fedeltà</h1>
      <p role="status">La pagina della tua carta non è disponibile in questo momento. Riprova tra qualche minuto: il link che hai ricevuto vale 15 minuti.</p>`,
  );
}

interface Kept {
  origin: string;
  etag: string | null;
  /** As the landing origin sent it (root-relative script URLs). */
  html: string;
  scripts: Map<string, { body: Buffer; type: string }>;
}

export function createLandingPageSource(options: LandingPageOptions): LandingPageSource {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 2000;
  const pagePath = options.pagePath ?? '/login';
  const fallbackPage = options.fallbackPage ?? fallbackLoginPage;
  let kept: Kept | null = null;
  let inFlight: Promise<LandingPage> | null = null;

  const served = (page: Kept, state: LandingPageState): LandingPage => ({
    state,
    html: withScriptBase(page.html, (src) =>
      state === 'stale' && page.scripts.has(src) ? `${KEPT_SCRIPT_PREFIX}${src.replace(/^\/+/, '')}` : new URL(src, page.origin).href,
    ),
  });

  const keepScripts = async (origin: string, html: string, previous: Kept | null) => {
    const scripts = new Map<string, { body: Buffer; type: string }>();
    for (const src of pageScripts(html)) {
      const known = previous?.scripts.get(src);
      if (known) {
        scripts.set(src, known);
        continue;
      }
      try {
        const res = await doFetch(new URL(src, origin), { signal: AbortSignal.timeout(timeoutMs) });
        if (res.ok) scripts.set(src, { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? 'text/javascript' });
      } catch {
        // the page is still served; its script comes from the landing origin while that is up
      }
    }
    return scripts;
  };

  const revalidate = async (): Promise<LandingPage> => {
    const base = options.landingBaseUrl();
    const previous = kept;
    const stale = (): LandingPage => (previous ? served(previous, 'stale') : { html: fallbackPage(options.brandName?.() || undefined), state: 'fallback' });
    if (!base) return stale();
    let origin: string;
    try {
      origin = new URL(base).origin;
    } catch {
      return stale();
    }
    try {
      const headers: Record<string, string> = { accept: 'text/html' };
      if (previous?.etag && previous.origin === origin) headers['if-none-match'] = previous.etag;
      const res = await doFetch(`${origin}${pagePath}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (res.status === 304 && previous) return served(previous, 'revalidated');
      if (!res.ok) return stale();
      const html = await res.text();
      // An older landing build answers the path with its single-page app: not a page to serve here.
      if (pageScripts(html).length === 0) return stale();
      const page: Kept = { origin, etag: res.headers.get('etag'), html, scripts: await keepScripts(origin, html, previous) };
      kept = page;
      return served(page, 'fresh');
    } catch {
      return stale();
    }
  };

  return {
    page() {
      // Requests arriving together share one revalidation.
      inFlight ??= revalidate().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    script(file) {
      if (!kept) return null;
      return kept.scripts.get(`/${file}`) ?? null;
    },
  };
}
