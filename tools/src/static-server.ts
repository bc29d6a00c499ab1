/**
 * The production static server of one frontend: its build folder, /runtime-config.json from disk,
 * /api proxied to the API, compression, and cache rules that make independent deploys safe:
 * hashed chunks immutable, entry files (HTML, remoteEntry.js, mf-manifest.json, config) never stale.
 */
import { API_CLOSING_HEADER } from '../../api/src/closing';
import { drainBody, shouldDrain } from '../../api/src/refused-body';
import { createApiPool } from './api-pool';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import { frameFile } from './html-template';
import { KEPT_SCRIPT_PREFIX, createLandingPageSource, shellFallback } from './landing-page';
import { createBusinessNameLookup, SIGNUP_PAGE_PATH, signupUrl, withSignupPreview } from './link-preview';
import { LOGIN_PAGE_PATH, PRERENDERED_PAGES, PUBLIC_PAGES } from './public-pages';
import { RUNTIME_CONFIG_ROUTE, allowsOrigin, contentSecurityPolicy, readRuntimeConfig, type RuntimeConfigFile } from './runtime-config';

export interface StaticServerOptions {
  /** Build output folder to serve. */
  root: string;
  /** JSON file answered at /runtime-config.json, read on every request. */
  runtimeConfigFile: string;
  /**
   * Where /api/* goes, e.g. http://127.0.0.1:3100. Omit to answer 404 for /api. Several origins (API
   * instances on one PostgreSQL, `API_INSTANCES`): requests are spread over them, and one whose connection is
   * refused is skipped (docs/decisions/052-several-api-instances.md).
   */
  apiUrl?: string | readonly string[];
  /** Largest request body passed to the API, in bytes; a larger one is answered 413 here. Default `API_BODY_LIMIT`. */
  apiBodyLimit?: number;
  /**
   * The API's `PROXY_SECRET`: sent with every proxied request (`X-Proxy-Secret`) so that the API believes
   * the `X-Forwarded-For` this proxy sets. Without it the API counts every client as this server's address.
   */
  proxySecret?: string;
  /** Several instances: told, in Italian, each time one is taken out of the /api pool or put back (serve-app: stderr). */
  onApiPoolChange?: (line: string) => void;
  logger?: boolean;
  /**
   * The shell: answer the public pages (`/login` and `/`, the signup page, `/my-card`) with the landing
   * remote's prerendered pages, taken from the landing origin of the run-time config (tools/src/landing-page.ts).
   */
  composeLandingPage?: boolean;
  /** How long the shell waits for the landing origin before serving its kept copy (default 2 s). */
  landingTimeoutMs?: number;
  /** How long the signup page waits for the shop's name from the API before it is sent generic (default 800 ms). */
  previewTimeoutMs?: number;
}

/** The API's body limit (Fastify's default, 1 MiB): the proxy refuses larger bodies with the API's answer. */
export const API_BODY_LIMIT = 1024 * 1024;
const PAYLOAD_TOO_LARGE = 'Richiesta troppo grande';
/** The API's limit for a CSV file (the cards import, api/src/features/import-export/csv-import.ts), and its answer above it. */
export const API_CSV_BODY_LIMIT = 20 * 1024 * 1024;
const CSV_TOO_LARGE = 'Il file è troppo grande: al massimo 20 MB.';

/**
 * What a browser renders as a document, where a Content-Security-Policy applies: an HTML page, or an SVG opened by
 * itself. Sent with a script, a style sheet, JSON or an image, the policy does nothing (their own page's policy
 * governs them) and weighed ~0.45 KB on each of them: 5.5 KB on the wire before the cards screen is usable, 6.7 KB
 * before the QR page is (BENCHMARKS.md, twenty-fourth pass).
 */
export const DOCUMENT_TYPE = /^\s*(text\/html|image\/svg\+xml)\s*(;|$)/i;

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|woff2?|map)$/;
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Build-time compressed copies (`main.js.br`) are cached like the file they stand for. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/** The /api targets of `API_URL`: one origin, or several separated by commas. */
export function apiTargets(value: string | readonly string[] | undefined): string[] {
  const list = typeof value === 'string' ? value.split(',') : [...(value ?? [])];
  return list.map((u) => u.trim().replace(/\/+$/, '')).filter(Boolean);
}

/** A request body as the proxy holds it: a one-use stream of the bytes, and the bytes for a second try. */
type HeldBody = Readable & { byteLength: number; bytes: Buffer };
const heldBody = (bytes: Buffer): HeldBody => Object.assign(Readable.from([bytes]), { byteLength: bytes.length, bytes });

export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(path.basename(filePath).replace(PRECOMPRESSED_SUFFIX, '')) ? IMMUTABLE : NO_CACHE;
}

export async function createStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });

  // Read per request: re-pointing a remote in the file changes CORS and the CSP without a restart.
  const currentConfig = (): RuntimeConfigFile | null => {
    try {
      return readRuntimeConfig(options.runtimeConfigFile);
    } catch {
      return null;
    }
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api')) return payload; // the API sends its own headers
    const config = currentConfig();
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (DOCUMENT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) reply.header('Content-Security-Policy', contentSecurityPolicy(config));
    const origin = request.headers.origin;
    if (origin && config && allowsOrigin(config, origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', [reply.getHeader('Vary'), 'Origin'].filter(Boolean).join(', '));
    }
    return payload;
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  const targets = apiTargets(options.apiUrl);
  if (targets.length > 0) {
    const proxySecret = options.proxySecret?.trim();
    const bodyLimit = options.apiBodyLimit ?? API_BODY_LIMIT;
    await app.register(async (api) => {
      // A request body is read here, up to the API's own limit, before anything goes to the API; a larger
      // one is refused here. Streamed straight through, it made the API answer 413 and close while the proxy
      // was still writing: the proxy then failed with `write EPIPE` and answered 500 instead.
      // The bytes go on unchanged, whatever their type (JSON, Twilio's forms): no parsing.
      api.removeAllContentTypeParsers();
      const passOn = (_request: unknown, body: Buffer, done: (error: null, body: Readable) => void) => done(null, heldBody(body));
      api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, passOn);
      // The cards import's file (text/csv, or an Excel .xlsx: decision 073) has the API's larger limit for it.
      api.addContentTypeParser(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], { parseAs: 'buffer', bodyLimit: Math.max(bodyLimit, API_CSV_BODY_LIMIT) }, passOn);
      api.setErrorHandler(async (error: FastifyError, request, reply) => {
        if (error.statusCode === 413) return reply.code(413).send({ error: /^(text\/csv|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)\b/i.test(request.headers['content-type'] ?? '') ? CSV_TOO_LARGE : PAYLOAD_TOO_LARGE });
        throw error; // the default answer, as before (e.g. 503 when the API is down)
      });
      // The refusal waits for the rest of the refused body, as the API's does (api/src/refused-body.ts: at most
      // 64 MiB or 15 s): answered at once and closed, a client still sending got a reset instead of it.
      api.addHook('onSend', async (request, reply, payload) => {
        const closing = String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
        if (shouldDrain(request.raw, reply.statusCode, closing) && (await drainBody(request.raw))) reply.removeHeader('connection');
        return payload;
      });
      // Several API instances: api-pool.ts's dispatcher (reply-from takes any undici dispatcher; @fastify/http-proxy
      // 11 cannot pass reply-from an array `base`) spreads the requests over the instances that take them: a
      // stopped or draining one is taken out, and put back when healthy (decision 055).
      const poolChange = (origin: string, inPool: boolean, why: string) =>
        options.onApiPoolChange?.(
          inPool
            ? `Proxy /api: istanza ${origin} di nuovo in uso (/api/health risponde 200).`
            : `Proxy /api: istanza ${origin} esclusa (${why === 'closing' ? 'si sta riavviando' : 'non risponde'}); le richieste vanno alle altre.`,
        );
      const apiPool = targets.length > 1 ? createApiPool(targets, { onChange: poolChange }) : undefined;
      const pool = apiPool?.pool;
      if (apiPool) api.addHook('onClose', async () => apiPool.close());
      // reply-from's types call `req` the Fastify request; it is the upstream request it sends again.
      type RetryDetails = {
        err?: Error & { code?: string };
        req: { method?: string; body?: unknown };
        res?: { statusCode?: number; headers?: Record<string, unknown> };
        attempt: number;
        getDefaultDelay: (req: unknown, res: unknown, err: unknown, attempt: number) => number | null;
      };
      /**
       * Sent again, at once, to another instance (decisions 052 and 055): whatever never ran on the API — a refused
       * connection (an instance stopped), or the 503 of an instance that is shutting down (API_CLOSING_HEADER) —
       * for any method; and a GET/HEAD that failed on its connection without an answer (a kept-alive connection
       * an instance closed as it shut down: reset, "other side closed", …), which is safe to repeat. A timeout
       * is not retried (`timeout` answers 504 as before). Anything else: reply-from's own rule.
       */
      const retryElsewhere = ({ err, req, res, attempt, getDefaultDelay }: RetryDetails): number | null => {
        // refused, or sent to an instance's connection pool the proxy had just closed (taken out: UND_ERR_CLOSED)
        const neverRan = err?.code === 'ECONNREFUSED' || err?.code === 'UND_ERR_CLOSED' || (res?.statusCode === 503 && res.headers?.[API_CLOSING_HEADER] !== undefined);
        // Any connection error (reset, "other side closed", closed client…): a read is safe to ask again.
        const timedOut = err?.name === 'TimeoutError' || /TIMEOUT/.test(err?.code ?? '');
        const connectionFailed = err !== undefined && res === undefined && !timedOut;
        // an instance may have left: the pool asks them all and takes out one that is stopped or draining
        if (neverRan || connectionFailed) apiPool?.suspect();
        const readAgain = connectionFailed && (req.method === 'GET' || req.method === 'HEAD');
        if (!neverRan && !readAgain) return getDefaultDelay(req, res, err, attempt); // reply-from's own rule, as before
        // Until the probes have taken a leaving instance out, the round robin may pick it again: three tries per target
        // before the answer of an API that is down.
        if (attempt >= targets.length * 3) return null;
        // the first try used up the body's stream: the next one sends the same bytes again
        const body = req.body as Partial<HeldBody> | undefined;
        if (body?.bytes) req.body = heldBody(body.bytes);
        return 1;
      };
      await api.register(fastifyHttpProxy, {
        upstream: targets[0],
        prefix: '/api',
        rewritePrefix: '/api',
        proxyPayloads: false,
        ...(pool ? { undici: pool } : {}),
        replyOptions: {
          ...(pool ? { retryDelay: retryElsewhere as never } : {}),
          rewriteRequestHeaders: (request, headers) => {
            const forwarded: Record<string, string | string[] | undefined> = {
              ...headers,
              // The API rate-limits per client IP: tell it who the client is, replacing whatever the client
              // claimed, and prove with the secret that this proxy says so (api/src/lib/client-ip.ts).
              'x-forwarded-for': request.ip,
            };
            // the pool picks the instance after this: undici writes that one's Host (all are the same API)
            if (pool) delete forwarded.host;
            if (proxySecret) forwarded['x-proxy-secret'] = proxySecret;
            else delete forwarded['x-proxy-secret'];
            const body = request.body as { byteLength?: number } | undefined;
            if (typeof body?.byteLength === 'number') {
              // the whole body is in hand: send it with its length, even when it came chunked
              delete forwarded['transfer-encoding'];
              forwarded['content-length'] = String(body.byteLength);
            }
            return forwarded;
          },
        },
      });
    });
  }

  app.get(RUNTIME_CONFIG_ROUTE, async (_request, reply) => {
    let body: string;
    try {
      body = fs.readFileSync(options.runtimeConfigFile, 'utf8');
      JSON.parse(body);
    } catch {
      return reply.code(503).header('Cache-Control', 'no-store').send({ error: 'Configurazione non disponibile' });
    }
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(body);
  });

  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: true,
    cacheControl: false,
    // A production build writes `<file>.br` next to its text assets (tools/src/federation.ts): sent as is
    // to browsers that accept brotli; others get the file compressed on the fly by @fastify/compress.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // Link previews: the signup page of a shop (`?business_id=`) carries its name, asked from the API through
  // this server's /api target (tools/src/link-preview.ts); unknown shop or API down: the generic page.
  const businessName = targets.length > 0 ? createBusinessNameLookup({ apiUrl: targets, timeoutMs: options.previewTimeoutMs }) : null;
  const personalised = async (pagePath: string, request: FastifyRequest, html: string): Promise<string> => {
    if (pagePath !== SIGNUP_PAGE_PATH || !businessName) return html;
    const businessId = (request.query as Record<string, unknown>).business_id;
    if (typeof businessId !== 'string' || businessId.trim() === '') return html;
    const name = await businessName(businessId.trim());
    if (!name) return html;
    const base = currentConfig()?.landingBaseUrl || `${request.protocol}://${request.host}`;
    return withSignupPreview(html, { businessName: name, url: signupUrl(base, businessId.trim()) });
  };
  const strongEtag = (body: string | Buffer) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  // Pages rendered at build time (the landing's login.html, signup.html, my-card.html): answered for their path
  // by the server of the build that holds them (docs/decisions/028, 063).
  const prerendered = new Map<string, string>();
  for (const [pagePath, file] of Object.entries(PRERENDERED_PAGES)) {
    if (fs.existsSync(path.join(options.root, file))) prerendered.set(pagePath, file);
  }
  for (const [pagePath, file] of prerendered) {
    // Read per request (a redeploy replaces it) with a strong ETag of its content: the shell's server
    // revalidates its copy with If-None-Match on every /login and gets a 304 while it is unchanged.
    app.get(pagePath, async (request, reply) => {
      const html = await personalised(pagePath, request, fs.readFileSync(path.join(options.root, file), 'utf8'));
      const etag = strongEtag(html);
      reply.header('Cache-Control', NO_CACHE).header('ETag', etag).header('Vary', 'Accept-Encoding');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }

  if (options.composeLandingPage && !prerendered.has(LOGIN_PAGE_PATH)) {
    // Every public page of the registry, composed from the landing origin, with the shell's own copy or a
    // short page when that origin has never answered (tools/src/landing-page.ts).
    const sources = Object.values(PUBLIC_PAGES).map((page) => ({
      page,
      source: createLandingPageSource({
        pagePath: page.path,
        fallbackPage: (brandName) => shellFallback(options.root, page, brandName),
        landingBaseUrl: () => currentConfig()?.landingBaseUrl ?? null,
        brandName: () => currentConfig()?.brandName,
        timeoutMs: options.landingTimeoutMs,
      }),
    }));
    for (const { page, source } of sources) {
      const answer = async (request: FastifyRequest, reply: FastifyReply) => {
        const landing = await source.page();
        // A page that only says it is not available is no page: 503, so a link preview is not kept.
        const html = landing.status === 200 ? await personalised(page.path, request, landing.html) : landing.html;
        return reply.code(landing.status).header('Cache-Control', NO_CACHE).header('X-Landing-Page', landing.state).type('text/html; charset=utf-8').send(html);
      };
      app.get(page.path, answer);
      // `/` for a visitor is the login page; its script sends a stored session on to /dashboard.
      if (page.path === LOGIN_PAGE_PATH) app.get('/', answer);
    }
    app.get(`${KEPT_SCRIPT_PREFIX}:file`, (request, reply) => {
      const file = (request.params as { file: string }).file;
      const script = sources.map(({ source }) => source.script(file)).find((kept) => kept !== null);
      if (!script) return reply.code(404).send({ error: 'Risorsa non trovata' });
      return reply.header('Cache-Control', IMMUTABLE).type(script.type).send(script.body);
    });
  }

  // A page path (no file extension, not /api) is a route of the single-page app: it answers the page to
  // every GET and HEAD, whatever the Accept header says. Link previews (WhatsApp, Facebook, Telegram) and
  // crawlers ask with `Accept: */*` or none, and must get the landing and a shop's signup link like a browser.
  const indexFile = path.join(options.root, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPageRead = request.method === 'GET' || request.method === 'HEAD';
    const isAsset = path.extname(pathname) !== '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isPageRead && !isAsset && !isApi && fs.existsSync(indexFile)) {
      // A dashboard page the shell's build wrote with its frame (tools/src/prerender.ts prerenderShellFrames):
      // the frame and the screen's heading paint before any script.
      const framed = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(pathname) ? frameFile(pathname) : null;
      if (framed && fs.existsSync(path.join(options.root, framed))) return reply.header('Cache-Control', NO_CACHE).sendFile(framed);
      return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Risorsa non trovata' });
  });

  if (!options.composeLandingPage || prerendered.has(LOGIN_PAGE_PATH)) app.get('/', (_request, reply) => reply.header('Cache-Control', NO_CACHE).sendFile('index.html'));

  return app;
}
