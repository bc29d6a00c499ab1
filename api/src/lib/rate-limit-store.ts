/**
 * The rate-limit counters with Redis (decision 053), and what happens while Redis cannot be reached (decision 060).
 *
 * Counts in Redis with `@fastify/rate-limit`'s own Redis store, so a limit holds across instances. A count that
 * fails (Redis down, or slower than the command timeout) is made in this process instead, with the plugin's own
 * in-memory store: during an outage every instance enforces the limit by itself (up to N times the setting over N
 * instances, as without Redis), never none. The plugin's `skipOnError` would let every request through.
 *
 * Keys in Redis name nothing and no one: the key a limiter gives (a client IP, a business, a customer's e-mail
 * address or phone) is written as its HMAC-SHA256 under a secret every instance shares, after a prefix naming the
 * limiter: the route's method and URL, or `keyed-` for the limiters called from a handler (whose key starts with
 * their name). The plugin's Redis store would have written the e-mail address in clear, after `undefinedundefined-`
 * for those.
 */
import crypto from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';
import type Redis from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What the plugin hands to a store (its global options; to `child`, a route's options with `routeInfo`, or a manual
 * limiter's with an empty one). The package's types call `child`'s argument a route's options, which it is not.
 */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string; url?: string };
}

export interface SharedStoreSettings {
  redis: Redis;
  /** Prefix of every key, e.g. `loyalty:rate-limit:`. */
  prefix: string;
  /** Shared by every instance (their keys must agree), never written anywhere: the JWT secret. */
  keySecret: string;
}

/** The store class `@fastify/rate-limit` takes as its `store` option. */
export function sharedRateLimitStore({ redis, prefix, keySecret }: SharedStoreSettings): FastifyRateLimitStoreCtor {
  const hmacKey = crypto.createHmac('sha256', keySecret).update('rate-limit keys').digest();
  const nameless = (key: string) => crypto.createHmac('sha256', hmacKey).update(key).digest('base64url');

  class SharedStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(options: StoreOptions, keyPrefix = prefix) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.shared = new RedisStore(continueExceeding, exponentialBackoff, redis, keyPrefix);
      this.local = new LocalStore(continueExceeding, exponentialBackoff, options.cache);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const hashed = nameless(key);
      this.shared.incr(
        hashed,
        (error, result) => {
          // Redis' own outage warning is logged once by plugins/redis.ts.
          if (error) this.local.incr(hashed, callback, timeWindow, max);
          else callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(options: StoreOptions): SharedStore {
      const route = options.routeInfo?.method ? `${options.routeInfo.method}${options.routeInfo.url}-` : 'keyed-';
      return new SharedStore(options, `${prefix}${route}`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
