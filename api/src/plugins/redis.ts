/**
 * Decision 053: the Redis connection shared by the rate limits (plugins/security.ts) and the
 * session-invalidation channel (plugins/auth.ts). Only with `config.redis` (REDIS_URL); without it `app.redis`
 * is null and everything stays in this process.
 *
 * Redis being down must not stop the API: the start waits at most a second for the connection, commands fail at
 * once while it is down (no offline queue) instead of holding requests, and ioredis keeps reconnecting. One
 * warning per outage, naming neither the URL nor its password.
 */
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { default as Redis, RedisOptions } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands (rate-limit counters, PUBLISH); null without REDIS_URL. */
    redis: Redis | null;
    /** A second connection of the same settings, for SUBSCRIBE (Redis requires its own); null without REDIS_URL. */
    redisSubscriber: Redis | null;
  }
}

const CONNECTION_OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 1000,
  commandTimeout: 1000,
  maxRetriesPerRequest: 1,
  // At close, a socket that never connected is destroyed after this (ioredis' 2 s would keep the process alive).
  disconnectTimeout: 200,
  // Reconnect every 0.1 s … 2 s, forever: an outage ends by itself.
  retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
};

/** Connects in the background; resolves when ready or after `waitMs`, never throws. */
async function connectWithin(client: Redis, waitMs: number): Promise<void> {
  const ready = once(client, 'ready').then(() => undefined);
  client.connect().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]).catch(() => undefined);
  clearTimeout(timer);
}

/** One warning when the connection fails, one line when it is back; the error's code only (its message may name the host). */
function reportOutages(client: Redis, log: FastifyBaseLogger, role: string): void {
  let down = false;
  client.on('error', (error: NodeJS.ErrnoException) => {
    if (down) return;
    down = true;
    log.warn({ redis: role, code: error.code ?? error.name }, 'Redis non raggiungibile: limiti di frequenza non condivisi e sessioni dimenticate solo su questa istanza finché non torna');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'Redis di nuovo raggiungibile');
  });
}

export default fp(
  async (app) => {
    const settings = app.config.redis;
    if (!settings) {
      app.decorate('redis', null);
      app.decorate('redisSubscriber', null);
      return;
    }
    // ioredis (~0.1 s to load) only for an API that has a REDIS_URL.
    const { default: IORedis } = await import('ioredis');
    // Commands fail at once while disconnected (the rate limits then let the request through: skipOnError).
    const client = new IORedis(settings.url, { ...CONNECTION_OPTIONS, enableOfflineQueue: false });
    // SUBSCRIBE waits for the connection. Its owner (plugins/auth.ts) renews it at each 'ready' itself: ioredis'
    // autoResubscribe sends a SUBSCRIBE nothing awaits, which a close racing a reconnection rejected unhandled
    // («Connection is closed.», two CI runs of redis-shared.test.ts, the second after QUIT was used below).
    const subscriber = new IORedis(settings.url, {
      ...CONNECTION_OPTIONS,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      autoResubscribe: false,
    });
    reportOutages(client, app.log, 'comandi');
    reportOutages(subscriber, app.log, 'canale');
    app.decorate('redis', client);
    app.decorate('redisSubscriber', subscriber);
    app.addHook('onClose', async () => {
      // QUIT lets what is in flight end first; a QUIT unanswered within commandTimeout, or a client not
      // connected, is dropped at once.
      await Promise.all(
        [client, subscriber].map((redis) => (redis.status === 'ready' ? redis.quit().then(() => undefined, () => redis.disconnect()) : redis.disconnect())),
      );
    });
    await Promise.all([connectWithin(client, 1000), connectWithin(subscriber, 1000)]);
  },
  { name: 'redis' },
);
