/**
 * The API as a Fastify instance: every concern is a plugin, every resource a route module under /api.
 * `server.ts` listens with it; tests call `inject` on it. The composition root: it hands the infrastructure
 * what the features' registry (features/index.ts) makes — the repositories, the route modules.
 */
import { API_CLOSING_HEADER } from './closing';
import { MESSAGES } from './messages';
import { validatorCompiler } from './validation';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import authPlugin from './plugins/auth';
import { createAfterAnswer, type AfterAnswer } from './lib/after-answer';
import { createReadCache, type ReadCache, type ReadCacheOptions } from './lib/read-cache';
import type { SessionCacheOptions } from './lib/session-cache';
import { createRepositories, FEATURE_ROUTES, FEATURES } from './features';
import type { FeatureOptions } from './features/feature';
import dbPlugin from './plugins/db';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import jobsPlugin from './plugins/jobs';
import redisPlugin from './plugins/redis';
import securityPlugin from './plugins/security';
import swaggerPlugin from './plugins/swagger';
import routes from './routes';
import initialDataPlugin from './seed/initial-data';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Current time; replaceable in tests (login lock expiry). */
    clock: () => Date;
    /** Finished answers of the card page and the stats, checked against the database on every use (lib/read-cache.ts). */
    readCache: ReadCache;
    /**
     * From now on every request gets the «riavvio» 503 (decision 055) while the socket stays open: the start of
     * a drain (server.ts, `SHUTDOWN_DRAIN_MS`). `close()` does the same by itself.
     */
    startClosing: () => void;
    /**
     * From now on /api/health alone answers the «riavvio» 503, every other request is served as usual: the first
     * part of a drain (server.ts), during which a load balancer's health check takes this instance out before any
     * request of its clients is refused (decision 081).
     */
    startLeaving: () => void;
    /**
     * Where the instance is in a drain (server.ts): 'serving', 'leaving' (only /api/health answers «riavvio»)
     * or 'closing' (every request does). Read by GET /api/metrics.
     */
    drainState: () => 'serving' | 'leaving' | 'closing';
    /** Work a route does after its answer has left (lib/after-answer.ts); closing waits for it. */
    afterAnswer: AfterAnswer;
  }
}

/** The features' own options (a fake messaging driver, a Twilio or APNs stand-in) are in `FeatureOptions`. */
export interface AppOptions extends FeatureOptions {
  clock?: () => Date;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Session cache settings (tests: a clock, a TTL of 0 to turn it off). */
  sessionCache?: Partial<SessionCacheOptions>;
  /** Read cache size (tests: `maxBytes: 0` to turn it off). */
  readCache?: Partial<ReadCacheOptions>;
}

/** Secrets that must never reach the logs, wherever a serializer or a careless log call puts them. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-proxy-secret"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'authToken',
  'currentPassword',
  'newPassword',
  '*.password',
  '*.password_hash',
  '*.token',
  '*.authToken',
  '*.currentPassword',
  '*.newPassword',
  '*.headers.authorization',
];

/**
/**
 * Query parameters whose value may be a credential: `token`, `access_token`, `id_token`, `secret`, `password`,
 * `key`, `api_key`, `signature`, `code`, `auth`… (any name containing one of these). A refused
 * `GET /api/auth/me?token=<JWT>` must not put the JWT in the log.
 */
const CREDENTIAL_QUERY_PARAMETER = /([?&][^=&#]*(?:token|secret|passw|key|signature|code|auth|session|jwt)[^=&#]*=)[^&#]*/gi;

/** Query parameters that carry what a person typed about a person (a card search, a contact; decision 058). */
const PERSONAL_QUERY_PARAMETER = /([?&](?:q|search|contact|email|phone|recipient|customer_phone)=)[^&#]*/gi;

/**
 * A wallet link is its own key (the Apple pass, the Google save link): the log keeps the route, not the token.
 * Credential-like and personal query parameters keep their name, not their value.
 */
export const redactUrl = (url: string | undefined) =>
  url
    ?.replace(/(\/wallet\/(?:apple\/pass|google\/save)\/)[^/?#]+/, '$1[redacted]')
    .replace(CREDENTIAL_QUERY_PARAMETER, '$1[redacted]')
    .replace(PERSONAL_QUERY_PARAMETER, '$1[redacted]');

export function buildApp(config: AppConfig, options: AppOptions = {}) {
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Fastify's own, with the client's address as the rate limits see it (behind the proxy: the forwarded one).
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        version: request.headers['accept-version'] as string | undefined,
        host: request.host,
        remoteAddress: request.clientIp ?? request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  // pluginTimeout: opening the database (PGlite compiles its WebAssembly, then the migrations run) takes a
  // few seconds, and more than Fastify's default 10 s on a busy machine: a slow start must stay a start.
  // return503OnClosing off: a request that reaches a closing instance (on a kept-alive connection) gets the
  // answer below instead of Fastify's English one, with the header that lets the /api proxy send it to another
  // instance (it never ran here; decision 055, rolling restarts).
  const app = Fastify({ logger, trustProxy: config.trustProxy, frameworkErrors, clientErrorHandler, pluginTimeout: 120_000, return503OnClosing: false }).withTypeProvider<ZodTypeProvider>();
  let closing = false;
  let leaving = false;
  app.decorate('startClosing', () => {
    closing = true;
  });
  app.decorate('startLeaving', () => {
    leaving = true;
  });
  app.decorate('drainState', () => (closing ? 'closing' : leaving ? 'leaving' : 'serving'));
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing && !(leaving && request.url.split('?')[0] === '/api/health')) return;
    // A string with its type: no route's response schema applies (/api/health's 503 has another shape).
    return reply
      .code(503)
      .header(API_CLOSING_HEADER, '1')
      .header('connection', 'close')
      .header('retry-after', '1')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ error: MESSAGES.restarting }));
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('readCache', createReadCache(options.readCache));
  const afterAnswer = createAfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  // Before the jobs plugin's preClose (the job queues stop there): a link enqueued after its answer still leaves.
  app.addHook('preClose', () => afterAnswer.settled());

  app.register(errorsPlugin);
  app.register(redisPlugin);
  app.register(securityPlugin);
  app.register(swaggerPlugin);
  app.register(dbPlugin, { createRepositories });
  app.register(authPlugin, { sessionCache: options.sessionCache });
  app.register(initialDataPlugin);
  // Before the features: each registers its job queues and scheduled tasks with it from its plugin.
  app.register(jobsPlugin);
  for (const feature of FEATURES) if (feature.plugin) app.register(feature.plugin, options);
  app.register(routes, { prefix: '/api', modules: FEATURE_ROUTES });

  return app;
}

export type App = ReturnType<typeof buildApp>;
