import cors from '@fastify/cors';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HttpError } from '../errors';
import { MESSAGES } from '../messages';
import { clientIp, PROXY_SECRET_HEADER, proxySecretChecker } from '../lib/client-ip';
import { sharedRateLimitStore } from '../lib/rate-limit-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An anonymous route whose work is heavy (a public signup: a transaction, a welcome, a pass): while the API
     * thread is saturated it answers 503 «Servizio momentaneamente occupato» at once instead of queueing more
     * work in front of every other request (see `LOAD_SHEDDING`).
     */
    shedUnderPressure?: boolean;
  }
  interface FastifyInstance {
    /**
     * A budget of `maxPerMinute` calls per key (a business id) for an expensive action. The returned check
     * is called in the handler once the key is known *and* the caller's right to it was checked: a route's
     * `config.rateLimit` takes its key before the handler, so a key read from the request there would let
     * an admin spend another business's budget with requests that then answer 404. Past the budget it
     * throws 429 `Troppe richieste. Riprova tra un minuto.` with `Retry-After`.
     */
    keyedRateLimit(name: string, maxPerMinute: number): (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;
  }
}

/**
 * Every answer is JSON, never a page: the strictest Content-Security-Policy applies (nothing may load,
 * nothing may frame it), browsers must not sniff another type, no referrer leaves, no other site may embed
 * an answer. Set by helmet (`@fastify/helmet`) with these options; helmet's other defaults for documents
 * come along (X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection: 0, Cross-Origin-Opener-Policy, Origin-Agent-Cluster), except Strict-Transport-Security:
 * the static servers pass the API's headers on to the dashboards' origins, and whether those are pinned to
 * HTTPS (for a year, with their subdomains) is for whoever terminates TLS to decide, not the JSON API.
 */
export const API_HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  strictTransportSecurity: false,
};

/** What `API_HELMET_OPTIONS` make helmet send (helmet writes the policy's directives joined by `;`). */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-site',
} as const;

/**
 * helmet's own middleware with the same options, for the one answer no hook sees (below): `@fastify/helmet`
 * sets the headers in an onRequest hook. (helmet declares its options once for `require`, which
 * `@fastify/helmet`'s types use, and once for `import`; TypeScript holds the two for different types.)
 */
const helmetHeaders = helmet(API_HELMET_OPTIONS as Parameters<typeof helmet>[0]);

/**
 * The headers helmet sets, name and value, for an answer written straight to a socket: the one to a request
 * Node's parser refused (plugins/errors.ts, `clientErrorHandler`), which has no response object. Collected once
 * from helmet's own middleware, so they are exactly those of every other answer.
 */
export const HELMET_HEADER_LINES: readonly (readonly [string, string])[] = (() => {
  const lines: [string, string][] = [];
  const collector = { setHeader: (name: string, value: unknown) => lines.push([name, String(value)]), removeHeader: () => undefined };
  helmetHeaders({} as Parameters<typeof helmetHeaders>[0], collector as unknown as Parameters<typeof helmetHeaders>[1], () => undefined);
  return lines;
})();

/**
 * No cache (browser, shared proxy) may keep an answer that is about someone: any answer to a request with
 * credentials, any error, any answer to a write (a login's token, a signup's card). Public reads (health,
 * OpenAPI, a business's public name) keep what they have.
 */
export function mustNotBeStored(method: string, authorization: string | undefined, statusCode: number): boolean {
  return authorization !== undefined || statusCode >= 400 || (method !== 'GET' && method !== 'HEAD');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address: `X-Forwarded-For` only with the proxy secret (lib/client-ip.ts). */
    readonly clientIp: string;
  }
}

/**
 * The headers of every answer besides helmet's. The id of the request is in every log line, also told to the
 * caller: a user's error report can be matched with the logs. Set by an onSend hook.
 */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply, statusCode = reply.statusCode): void {
  reply.header('x-request-id', request.id);
  if (mustNotBeStored(request.method, request.headers.authorization, statusCode)) reply.header('cache-control', 'no-store');
}

/**
 * Every header of an answer, helmet's included, for the answer to a URL the router refuses, which no hook
 * sees (plugins/errors.ts): that one is an error, so never stored.
 */
export function setAllAnswerHeaders(request: FastifyRequest, reply: FastifyReply, statusCode: number): void {
  helmetHeaders(request.raw, reply.raw, () => undefined);
  setAnswerHeaders(request, reply, statusCode);
}

/**
 * Load shedding for the heavy anonymous routes (`config.shedUnderPressure`), with `@fastify/under-pressure`: the
 * API thread's event-loop delay is sampled every 50 ms, and above 20 ms such a route answers 503 with
 * `Retry-After: 1` and costs nothing more. A flood of public signups from many addresses (which no per-IP limit
 * stops) then cannot saturate the thread that also answers the dashboard, the health check and every other
 * route: on PGlite, whose queries run on that thread, /api/health took 300–900 ms (p50) under 8 signups at once
 * before, with the database itself answering its `SELECT 1` in 0.2 ms (the wait was the thread, not the
 * database). Event-loop utilisation was tried first and shed every signup: the shed answers themselves keep the
 * thread busy, so the signal never fell; the delay falls as soon as the queue drains. A signup is shed only while
 * `crowd` others are being served: the delay also rises when another process takes the CPU, and a lone customer
 * signing up at such a moment must not be refused (the write-route tests, run beside other suites, saw exactly
 * that with the delay alone), nor one of three friends signing up together at the counter (with a crowd of two,
 * the same signup sent three times at once was shed on a loaded machine). Every other route is never shed here.
 */
const LOAD_SHEDDING = { maxEventLoopDelayMs: 20, sampleIntervalMs: 50, crowd: 4 };

/**
 * Security headers first (helmet's onRequest hook runs before any route's own hooks, so a 401, 403 or 429
 * refused there carries them too). Rate limiting is opt-in per route (`config.rateLimit`), keyed on `request.clientIp`: the forwarded
 * address only on requests carrying the proxy secret, else the socket's. CORS is only needed when a browser
 * calls the API from another origin; the static servers proxy /api, so by default it stays off;
 * `CORS_ORIGINS` lists the only origins allowed.
 */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, API_HELMET_OPTIONS);
    const secretMatches = proxySecretChecker(app.config.proxySecret);
    app.decorateRequest('clientIp', {
      getter(this: FastifyRequest) {
        return clientIp(this, secretMatches);
      },
    });
    // A proxy sending a secret this instance does not share (PROXY_SECRET unset or different here: a setting
    // missed when adding an instance by hand, README «Distribuzione») fails quietly otherwise: every client
    // behind it counts as one address. Said in the log at most once a minute, never with the value.
    let lastMismatchWarning = -Infinity;
    app.addHook('onRequest', async (request) => {
      const given = request.headers[PROXY_SECRET_HEADER];
      if (given === undefined || secretMatches(given) || Date.now() - lastMismatchWarning < 60_000) return;
      lastMismatchWarning = Date.now();
      request.log.warn(
        app.config.proxySecret
          ? 'X-Proxy-Secret does not match PROXY_SECRET: X-Forwarded-For ignored, the per-IP limits count the proxy as one client (give every instance and static server the same PROXY_SECRET)'
          : 'X-Proxy-Secret received but PROXY_SECRET is not set here: X-Forwarded-For ignored, the per-IP limits count the proxy as one client (set PROXY_SECRET to the static servers\' value)',
      );
    });
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => request.clientIp,
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
      // Decision 053: with REDIS_URL every instance counts in Redis, so a limit holds across instances; while Redis
      // cannot be reached each instance counts by itself, never lets everything through (decision 060).
      ...(app.redis
        ? { store: sharedRateLimitStore({ redis: app.redis, prefix: `${app.config.redis!.namespace}rate-limit:`, keySecret: app.config.jwtSecret }) }
        : {}),
    });
    // @fastify/rate-limit's manual limiter only takes its key from the request: the key of this call is
    // handed over beside it.
    const keys = new WeakMap<FastifyRequest, string>();
    // `name` keeps the limiters apart: the manual ones share one store (in Redis, one key space), and two of
    // them may be keyed on the same business.
    app.decorate('keyedRateLimit', (name: string, maxPerMinute: number) => {
      const check = app.createRateLimit({ max: maxPerMinute, timeWindow: 60_000, keyGenerator: (request) => `${name}:${keys.get(request)!}` });
      return async (request: FastifyRequest, reply: FastifyReply, key: string) => {
        keys.set(request, key);
        const limit = await check(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          throw new HttpError(429, MESSAGES.tooManyRequests);
        }
      };
    });
    // Under pressure (sampled by @fastify/under-pressure) a heavy request is marked here; the hook below decides.
    const pressured = new WeakSet<FastifyRequest>();
    await app.register(underPressure, {
      maxEventLoopDelay: LOAD_SHEDDING.maxEventLoopDelayMs,
      sampleInterval: LOAD_SHEDDING.sampleIntervalMs,
      pressureHandler: (request) => {
        if (request.routeOptions.config.shedUnderPressure) pressured.add(request);
      },
    });
    // The heavy requests being served: under pressure one is shed only when a crowd of them is already being
    // served, never a request that meets a busy moment (a slow dashboard query, another process on the CPU).
    let served = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config.shedUnderPressure) return;
      if (pressured.has(request) && served >= LOAD_SHEDDING.crowd) {
        return reply.code(503).header('retry-after', '1').send({ error: MESSAGES.busy });
      }
      served += 1;
      reply.raw.once('close', () => (served -= 1));
    });
    app.addHook('onSend', async (request, reply) => setAnswerHeaders(request, reply));
    if (app.config.corsOrigins.length > 0) {
      // Content-Disposition: the CSV exports' file name, which a page on another origin may read only if exposed.
      await app.register(cors, { origin: app.config.corsOrigins, credentials: true, exposedHeaders: ['Content-Disposition'] });
    }
  },
  { name: 'security', dependencies: ['redis'] },
);
