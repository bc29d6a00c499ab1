import crypto from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import type { Capability, Role, UserRecord } from '../lib/principal';
import { authorizeBusiness } from '../lib/business-access';
import { createHashingQueue } from '../lib/hashing-queue';
import { createPasswordHasher, type PasswordHasher } from '../lib/passwords';
import { createSessionCache, type SessionCache, type SessionCacheOptions } from '../lib/session-cache';
import { createTokenService, type TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
    tokens: TokenService;
    /** Verified tokens → their user for a few seconds (lib/session-cache); `forgetUser` when a user changes. */
    sessions: SessionCache;
    /**
     * onRequest hook: 401 unless a valid Bearer token of an existing user, signed with the user's current
     * token version (a password change ends older tokens); sets `request.user`.
     */
    authenticate: onRequestHookHandler;
    /** onRequest hook, after `authenticate`: 403 unless the user has one of `roles`. */
    requireRole(...roles: Role[]): onRequestHookHandler;
    /**
     * Throws 403/404 unless `user` may work on the business with `capability` (default 'manage'; see
     * lib/business-access, decision 070).
     */
    authorizeBusiness(user: UserRecord, businessId: string, capability?: Capability): Promise<void>;
  }
  interface FastifyRequest {
    /**
     * The authenticated user, loaded from the database, or from the session cache when the same token was
     * verified less than a few seconds ago (a deleted user's token stops working; see lib/session-cache).
     */
    user: UserRecord | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Reuse of a verified token: short enough that a change made outside the API is seen almost at once. */
export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { ttlMs: 5000, maxEntries: 10_000 };

/** How long a verified token is reused while this instance cannot hear the other instances' session ends. */
export const SESSION_CACHE_TTL_WITHOUT_REDIS_MS = 1000;

/**
 * Decision 053: with Redis, `forgetUser` and `clear` also reach every other instance at once. They are published
 * on `<namespace>session-invalidate` (payload: this instance's id and the user id, or `*` for all); each instance
 * applies the messages of the others to its own cache.
 *
 * While this instance's subscription is down (Redis unreachable, or not yet connected) an end published
 * elsewhere cannot reach it: it forgets what it had cached when the connection drops and keeps a verified token
 * for at most `SESSION_CACHE_TTL_WITHOUT_REDIS_MS`, so an ended session is refused here within about a second
 * still (decision 060), at the price of one more session lookup per token and second.
 */
function sharedSessionCache(app: FastifyInstance, local: SessionCache, now: () => number): SessionCache {
  const channel = `${app.config.redis!.namespace}session-invalidate`;
  const instance = crypto.randomUUID();
  const publish = (user: string) => {
    app.redis!.publish(channel, JSON.stringify({ instance, user })).catch((error: Error) => {
      app.log.warn({ code: (error as NodeJS.ErrnoException).code ?? error.name }, 'Redis: invalidazione delle sessioni non pubblicata');
    });
  };
  const subscriber = app.redisSubscriber!;
  let listening = false;
  // Subscribed at each connection (the client's autoResubscribe is off, plugins/redis.ts): listening from the
  // moment Redis confirms it; a SUBSCRIBE cut short by a close or an outage is let go, the next 'ready' renews it.
  const subscribe = () => {
    subscriber.subscribe(channel).then(
      () => {
        if (subscriber.status === 'ready') listening = true;
      },
      () => undefined,
    );
  };
  subscriber.on('ready', subscribe);
  if (subscriber.status === 'ready') subscribe();
  subscriber.on('close', () => {
    if (!listening) return;
    listening = false;
    local.clear(); // ends published from now on are not heard: nothing cached for the longer lifetime stays
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: { instance?: unknown; user?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.instance === instance || typeof message.user !== 'string') return;
    if (message.user === '*') local.clear();
    else local.forgetUser(message.user);
  });
  return {
    get: (token) => local.get(token),
    onForget: (listener) => local.onForget(listener),
    set: (token, user, expiresAt, generation) =>
      local.set(token, user, listening ? expiresAt : Math.min(expiresAt, now() + SESSION_CACHE_TTL_WITHOUT_REDIS_MS), generation),
    generation: () => local.generation(),
    forgetUser(userId) {
      local.forgetUser(userId);
      publish(userId);
    },
    clear() {
      local.clear();
      publish('*');
    },
    get size() {
      return local.size;
    },
  };
}

export interface AuthPluginOptions {
  sessionCache?: Partial<SessionCacheOptions>;
}

export default fp<AuthPluginOptions>(
  async (app, options) => {
    app.decorate('passwords', createPasswordHasher(app.config.passwordHashing, createHashingQueue(app.config.passwordHashQueue)));
    // In the background: the answer to an unknown address takes as long as a measured check (lib/passwords.ts).
    app.addHook('onReady', async () => void app.passwords.warmUp());
    app.decorate('tokens', createTokenService(app.config.jwtSecret, app.config.jwtExpiresInSeconds));
    const cacheOptions = { ...SESSION_CACHE_DEFAULTS, ...options.sessionCache };
    const local = createSessionCache(cacheOptions);
    const sessions = app.redis ? sharedSessionCache(app, local, cacheOptions.now ?? Date.now) : local;
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);

    app.decorate('authenticate', async function authenticate(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized();
      const cached = sessions.get(token);
      if (cached) {
        request.user = cached;
        return;
      }
      const generation = sessions.generation();
      const claims = await app.tokens.verify(token);
      const row = claims ? await app.repos.users.findForSession(claims.userId) : null;
      // A token signed before the user's password changed (or its role or businesses) is over.
      if (!row || row.token_version !== claims!.version) throw unauthorized();
      const { token_version: _version, ...user } = row;
      sessions.set(token, user, claims!.expiresAt, generation);
      request.user = user;
    } as onRequestHookHandler);

    app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler =>
      async function requireRole(request) {
        if (!request.user) throw unauthorized();
        if (!roles.includes(request.user.role)) throw forbidden();
      } as onRequestHookHandler,
    );

    app.decorate('authorizeBusiness', (user: UserRecord, businessId: string, capability?: Capability) =>
      authorizeBusiness(app.repos.businesses, user, businessId, capability),
    );
  },
  { name: 'auth', dependencies: ['db', 'redis'] },
);
