import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { MESSAGES } from '../messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A budget of `maxPerMinute` calls per key (a business id) for an expensive action. The returned check
     * is called in the handler once the key is known *and* the caller's right to it was checked: a route's
     * `config.rateLimit` takes its key before the handler, so a key read from the request there would let
     * an admin spend another business's budget with requests that then answer 404. Past the budget it
     * throws 429 `Troppe richieste. Riprova tra un minuto.` with `Retry-After`.
     */
    keyedRateLimit(maxPerMinute: number): (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;
  }
}

/**
 * Every answer is JSON, never a page: the strictest Content-Security-Policy applies (nothing may load,
 * nothing may frame it), and browsers must not sniff another type.
 */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-site',
} as const;

/**
 * Rate limiting is opt-in per route (`config.rateLimit`), keyed on the client IP as computed with the
 * configured `trustProxy`. CORS is only needed when a browser calls the API from another origin; the
 * static servers proxy /api, so by default it stays off; `CORS_ORIGINS` lists the only origins allowed.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
    });
    // @fastify/rate-limit's manual limiter only takes its key from the request: the key of this call is
    // handed over beside it.
    const keys = new WeakMap<FastifyRequest, string>();
    app.decorate('keyedRateLimit', (maxPerMinute: number) => {
      const check = app.createRateLimit({ max: maxPerMinute, timeWindow: 60_000, keyGenerator: (request) => keys.get(request)! });
      return async (request: FastifyRequest, reply: FastifyReply, key: string) => {
        keys.set(request, key);
        const limit = await check(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          throw new HttpError(429, MESSAGES.tooManyRequests);
        }
      };
    });
    // The id of the request in every log line, also told to the caller: a user's error report can be
    // matched with the logs.
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      reply.headers(API_SECURITY_HEADERS);
    });
    if (app.config.corsOrigins.length > 0) {
      await app.register(cors, { origin: app.config.corsOrigins, credentials: true });
    }
  },
  { name: 'security' },
);
