import type { PasswordHashQueueConfig } from '../config';
import { HttpError } from '../errors';
import { MESSAGES } from '../messages';

export interface HashingQueue {
  /**
   * Runs `task` (one argon2 operation) when one of `concurrency` places is free. Throws 429 at once when
   * `client` (an IP) already has `maxWaitingPerClient` attempts waiting, and 503 when the line is full and
   * a newer attempt takes this one's place.
   */
  run<T>(client: string | undefined, task: () => Promise<T>): Promise<T>;
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
    async run(client, task) {
      if (running < concurrency) {
        running += 1;
      } else {
        if (client !== undefined && (waitingPerClient.get(client) ?? 0) >= maxWaitingPerClient) {
          throw new HttpError(429, MESSAGES.hashingTooManyFromClient);
        }
        if (line.length >= maxWaiting) {
          const oldest = line.shift();
          if (!oldest) throw new HttpError(503, MESSAGES.hashingBusy);
          countWaiting(oldest.client, -1);
          oldest.turnAway(new HttpError(503, MESSAGES.hashingBusy));
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
