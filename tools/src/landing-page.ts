/**
 * Server-side composition of the public pages (docs/decisions/028-prerendered-public-pages.md, 063): the
 * shell's server answers each page of the registry (tools/src/public-pages.ts: `/login`, the signup page,
 * `/my-card`) with the landing remote's current prerendered page, taken from the landing origin
 * (`landingBaseUrl` of the run-time config, read per request) and revalidated with its ETag on every request,
 * so a landing deploy changes them at once and a shell rebuild is never needed.
 * - The page's script tag is made absolute to the landing origin (the CSP allows the configured origins).
 * - The script itself is kept too: when the landing origin cannot be reached, the last good page is served
 *   with the script from this server (`/_landing/<file>`), so the form keeps working.
 * - Never reached (or never a prerendered page): the shell's own copy of the page, rendered from the same
 *   markup by its build with the same script (the login page), else a short Italian page saying to come
 *   back (503).
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './link-preview';
import { PAGE_SCRIPT_ATTRIBUTE, shellCopyFile, type PublicPage } from './public-pages';
import { DEFAULT_BRAND_NAME } from './runtime-config';

export type LandingPageState = 'fresh' | 'revalidated' | 'stale' | 'fallback';

export interface LandingPage {
  html: string;
  state: LandingPageState;
  /** 200, or 503 for a page that only says it is not available (no copy of it at all). */
  status: 200 | 503;
}

/** What the shell answers for a page when it never had the landing's copy. */
export interface FallbackPage {
  html: string;
  status: 200 | 503;
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
  /** The page served when no copy was ever had (`shellFallback`). */
  fallbackPage: (brandName?: string) => FallbackPage;
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

/** A page the shell can answer alone, in the platform's plain style: a title and the content of <main>. */
function plainPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: #f8fafc; color: #111827; }
      main { max-width: 26rem; margin: 4rem auto; padding: 1.5rem; background: #fff; border: 1px solid #cbd5e1; border-radius: .75rem; }
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

/** A public page the shell has no copy of: its heading and a sentence to come back, nothing to fill in. */
export function unavailablePage(page: Pick<PublicPage, 'unavailable'>, brandName = DEFAULT_BRAND_NAME): string {
  const { title, text } = page.unavailable;
  return plainPage(
    `${escapeHtml(title)} – ${escapeHtml(brandName)}`,
    `      <h1>${escapeHtml(title)}</h1>
      <p role="status">${escapeHtml(text)}</p>`,
  );
}

/**
 * The shell's answer for a page whose landing copy it never had: its own build's copy of the page (the same
 * markup and script, `prerenderShellCopies`), read from its build folder `root`, else the short page (503).
 */
export function shellFallback(root: string, page: PublicPage, brandName?: string): FallbackPage {
  if (page.shellCopy) {
    try {
      return { html: fs.readFileSync(path.join(root, shellCopyFile(page)), 'utf8'), status: 200 };
    } catch {
      // a build without its copy (an older build): the short page
    }
  }
  return { html: unavailablePage(page, brandName), status: 503 };
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
  const { fallbackPage } = options;
  let kept: Kept | null = null;
  let inFlight: Promise<LandingPage> | null = null;

  const served = (page: Kept, state: LandingPageState): LandingPage => ({
    state,
    status: 200,
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
    const stale = (): LandingPage => (previous ? served(previous, 'stale') : { ...fallbackPage(options.brandName?.() || undefined), state: 'fallback' });
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
