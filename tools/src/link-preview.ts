/**
 * Link previews of the customers' signup page (docs/decisions/028-prerendered-public-pages.md):
 * a shop's link (`/loyalty-cards/create?business_id=…`, on its poster or shared on WhatsApp) is answered with
 * the prerendered page carrying the shop's name in `<title>`, the Open Graph and Twitter tags and the page's
 * heading, so a preview shows the shop and a phone paints it before any script. The name comes from the
 * API's public lookup (`GET /api/business/:id`, the call the page itself makes), through the static server's
 * /api target, with a short timeout and a small LRU cache; unknown shop or API down: the generic page.
 */
import { LRUCache } from 'lru-cache';

export const SIGNUP_PAGE_PATH = '/loyalty-cards/create';
/** The signup screen's title, also its heading. */
export const SIGNUP_TITLE = 'Ottieni la tua Carta Fedeltà';
const GENERIC_DESCRIPTION = 'Richiedi la carta fedeltà digitale del negozio: il codice QR arriva subito sul telefono.';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical address, for og:url; omitted when unknown. */
  url?: string;
}

/** The head of the signup page: generic, or for one shop. */
export function signupHead(businessName?: string | null, url?: string): PageHead {
  if (!businessName) return { title: SIGNUP_TITLE, description: GENERIC_DESCRIPTION };
  return {
    title: `${SIGNUP_TITLE} – ${businessName}`,
    description: `${SIGNUP_TITLE} – ${businessName}: punti a ogni acquisto e il codice QR subito sul telefono.`,
    url,
  };
}

function setMeta(html: string, attribute: 'name' | 'property', key: string, value: string): string {
  const tag = `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const existing = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="[^"]*"\\s*/?>`);
  if (existing.test(html)) return html.replace(existing, () => tag);
  return html.replace('</title>', () => `</title>\n    ${tag}`);
}

/**
 * The page's head with this title, description and address: `<title>`, `description`, `og:title`,
 * `og:description`, `og:url`, `twitter:title`, `twitter:description`. Values are escaped; there is no
 * og:image (no public picture of a shop exists), so previews show text only (`twitter:card` summary).
 */
export function withHead(html: string, head: PageHead): string {
  let out = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  out = setMeta(out, 'name', 'description', head.description);
  out = setMeta(out, 'property', 'og:title', head.title);
  out = setMeta(out, 'property', 'og:description', head.description);
  if (head.url) out = setMeta(out, 'property', 'og:url', head.url);
  out = setMeta(out, 'name', 'twitter:title', head.title);
  out = setMeta(out, 'name', 'twitter:description', head.description);
  return out;
}

/** The landing's product SEO (keywords, SoftwareApplication JSON-LD) is not the signup page's. */
export function withoutProductSeo(html: string): string {
  return html.replace(/\s*<meta name="keywords" content="[^"]*"\s*\/?>/, '').replace(/\s*<script type="application\/ld\+json">[\s\S]*?<\/script>/, '');
}

/** The signup page for one shop: its name in the head and in the page's `[data-business-name]`. */
export function withSignupPreview(html: string, shop: { businessName: string; url?: string }): string {
  const named = withHead(html, signupHead(shop.businessName, shop.url));
  return named.replace(/(<[a-z]+\b[^>]*\bdata-business-name=""[^>]*>)(<\/[a-z]+>)/, (_m, open: string, close: string) => `${open}${escapeHtml(shop.businessName)}${close}`);
}

/** The shop's link as its poster prints it: on the landing origin of the run-time config. */
export function signupUrl(base: string, businessId: string): string {
  const url = new URL(SIGNUP_PAGE_PATH, `${base.replace(/\/+$/, '')}/`);
  url.searchParams.set('business_id', businessId);
  return url.href;
}

export interface BusinessNameOptions {
  /** The API's origin (the static server's /api target), e.g. http://127.0.0.1:3100; several API instances: each in turn until one answers. */
  apiUrl: string | readonly string[];
  /** How long a page waits for the name before it is sent generic. Default 800 ms. */
  timeoutMs?: number;
  /** How long a name (or "no such shop") is kept. Default 5 minutes. */
  ttlMs?: number;
  /** How many shops are kept. Default 1000. */
  max?: number;
  fetch?: typeof fetch;
}

/** An id the API could know (its ids are short strings); anything else is not looked up. */
const PLAUSIBLE_ID = /^[\w-]{1,100}$/;

/**
 * The public name of a shop by id, or null (unknown shop, API down or slow). Answers are cached in an LRU
 * (lru-cache: bounded, with expiry and one request for concurrent misses); failures are not cached.
 */
export function createBusinessNameLookup(options: BusinessNameOptions): (businessId: string) => Promise<string | null> {
  const doFetch = options.fetch ?? fetch;
  const bases = (typeof options.apiUrl === 'string' ? [options.apiUrl] : [...options.apiUrl]).map((u) => u.replace(/\/+$/, ''));
  const timeoutMs = options.timeoutMs ?? 800;
  const cache = new LRUCache<string, { name: string | null }>({
    max: options.max ?? 1000,
    ttl: options.ttlMs ?? 5 * 60_000,
    fetchMethod: async (id, _stale, { signal }) => {
      const timeout = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
      let response: Response | undefined;
      for (const [i, base] of bases.entries()) {
        try {
          response = await doFetch(`${base}/api/business/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' }, signal: timeout });
          break;
        } catch (err) {
          if (timeout.aborted || i === bases.length - 1) throw err; // out of time, or no instance left to ask
        }
      }
      if (!response) return undefined;
      if (!response.ok) return undefined; // not an answer about the shop: not kept
      const body: unknown = await response.json();
      if (!Array.isArray(body)) return undefined;
      const name = (body[0] as { name?: unknown } | undefined)?.name;
      return { name: typeof name === 'string' && name.trim() !== '' ? name : null };
    },
  });
  return async (businessId) => {
    if (!PLAUSIBLE_ID.test(businessId)) return null;
    try {
      return (await cache.fetch(businessId))?.name ?? null;
    } catch {
      return null;
    }
  };
}
