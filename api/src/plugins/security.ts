import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { MESSAGES } from '../messages';

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
 * The headers of every answer. The id of the request is in every log line, also told to the caller: a
 * user's error report can be matched with the logs. Set by an onSend hook, and by the answer to a URL the
 * router refuses, which no hook sees (plugins/errors.ts).
 */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  reply.headers(API_SECURITY_HEADERS);
}

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
    app.addHook('onSend', async (request, reply) => setAnswerHeaders(request, reply));
    if (app.config.corsOrigins.length > 0) {
      await app.register(cors, { origin: app.config.corsOrigins, credentials: true });
    }
  },
  { name: 'security' },
);
