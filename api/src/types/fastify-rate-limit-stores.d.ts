/**
 * `@fastify/rate-limit`'s own two stores (plain CommonJS constructors the package ships without types), used by
 * lib/rate-limit-store.ts: its Redis store for the shared counters, its in-memory store for the fallback.
 */
declare module '@fastify/rate-limit/store/RedisStore' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type Redis from 'ioredis';

  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => FastifyRateLimitStore;
  export default RedisStore;
}

declare module '@fastify/rate-limit/store/LocalStore' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore;
  export default LocalStore;
}
