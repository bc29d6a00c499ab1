import type { PasswordHashQueueConfig } from '../config';
import type { DbKind } from '../db';
import { HttpError } from '../errors';
import { MESSAGES } from '../messages';

/** Also the admission of anonymous routes' database work (`createDatabaseAdmission`). */
export interface HashingQueue {
  /**
   * Runs `task` (one argon2 operation) when one of `concurrency` places is free. Throws 429 at once when
   * `client` (an IP) already has `maxWaitingPerClient` attempts waiting, and 503 when the line is full and
   * a newer attempt takes this one's place.
   */
  run<T>(client: string | undefined, task: () => Promise<T>): Promise<T>;
  /** Attempts waiting for a place now (GET /api/metrics). */
  readonly waiting: number;
}

interface Waiter {
  client: string | undefined;
  start: () => void;
  turnAway: (error: Error) => void;
}

/**
 * Bounds the argon2 work of one process (each hash takes ~0.25 s and 64 MiB): without it 100
 * simultaneous logins made a real one wait 37 s. When the line is full the attempt that has waited
 * longest is turned away (503), not the newcomer: a burst then answers most of its requests at once, and a
 * login sent after it waits for at most `maxWaiting + concurrency` hashes instead of being refused until the
 * burst has drained. One client cannot fill the line alone (`maxWaitingPerClient`, 429).
 *
 * Written here (~40 lines) rather than taken from a library: p-limit and p-queue bound concurrency, but
 * neither can turn the oldest waiting job away nor count jobs per client (and p-queue ≥ 7 is ES-module
 * only, this API is CommonJS);
 * bottleneck can drop the oldest job (`strategy: LEAK`) but has had no release since 2019 and needs a
 * limiter group chained to a global one for the per-client bound.
 */
export function createHashingQueue({ concurrency, maxWaiting, maxWaitingPerClient }: PasswordHashQueueConfig): HashingQueue {
  const line: Waiter[] = []; // oldest first
  const waitingPerClient = new Map<string, number>();
  let running = 0;

  const countWaiting = (client: string | undefined, delta: 1 | -1) => {
    if (client === undefined) return;
    const count = (waitingPerClient.get(client) ?? 0) + delta;
    if (count > 0) waitingPerClient.set(client, count);
    else waitingPerClient.delete(client);
  };

  const finished = () => {
    const next = line.shift();
    if (!next) {
      running -= 1;
      return;
    }
    countWaiting(next.client, -1);
    next.start(); // takes over the place, `running` is unchanged
  };

  return {
    get waiting() {
      return line.length;
    },
    async run(client, task) {
      if (running < concurrency) {
        running += 1;
      } else {
        if (client !== undefined && (waitingPerClient.get(client) ?? 0) >= maxWaitingPerClient) {
          throw new HttpError(429, MESSAGES.hashingTooManyFromClient);
        }
        if (line.length >= maxWaiting) {
          const oldest = line.shift();
          if (!oldest) throw new HttpError(503, MESSAGES.busy);
          countWaiting(oldest.client, -1);
          oldest.turnAway(new HttpError(503, MESSAGES.busy));
        }
        await new Promise<void>((start, turnAway) => {
          line.push({ client, start, turnAway });
          countWaiting(client, 1);
        });
      }
      try {
        return await task();
      } finally {
        finished();
      }
    },
  };
}

/**
 * The admission of an anonymous route's database work (a login attempt, a public signup): a flood from many
 * addresses, which no per-IP limit stops, holds at most a few connections and never lines up more than one
 * transaction of it in front of every other query. PGlite runs one statement at a time on the API's own thread,
 * so one at a time there (a health check then waits for one signup, not for a queue of them: 877 ms p99 under
 * 8 signups at once before, measured in security/anonymous-routes-latency.test.ts); PostgreSQL 3 of the pool's
 * 10 connections. The line holds what those clear in well under a second or two; beyond it the request that has
 * waited longest gets 503, as in the hashing queue. No bound per client: the route's per-IP rate limit is one.
 * Each route gets its own, so a flood of one kind does not turn the other away.
 */
export function createDatabaseAdmission(kind: DbKind): HashingQueue {
  return createHashingQueue({ concurrency: kind === 'pglite' ? 1 : 3, maxWaiting: 200, maxWaitingPerClient: 200 });
}
