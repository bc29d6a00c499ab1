/**
 * Work a public route does after its answer has left (decision 058): when the answer must not depend on the
 * outcome — the customer's link request answers the same whether the contact is known or not — doing the
 * lookup and the enqueueing afterwards also keeps the answer's timing from telling one case from the other.
 * Each task's failure is logged, never thrown; closing the app waits for the tasks in hand (`settled`).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface AfterAnswer {
  /** Runs `task` now in the background; beyond `maxPending` tasks in hand it is dropped (said in the log). */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves when every task in hand has ended (tests; the app's close). */
  settled(): Promise<void>;
  readonly pending: number;
}

export function createAfterAnswer(log: FastifyBaseLogger, maxPending = 1000): AfterAnswer {
  const inHand = new Set<Promise<void>>();
  return {
    run(name, task) {
      if (inHand.size >= maxPending) {
        log.warn({ task: name, pending: inHand.size }, 'too much work after answers: task dropped');
        return;
      }
      // From the next turn of the event loop: nothing of the task runs before the answer's own callbacks.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'work after the answer failed'))
        .finally(() => inHand.delete(running));
      inHand.add(running);
    },
    async settled() {
      while (inHand.size > 0) await Promise.all([...inHand]);
    },
    get pending() {
      return inHand.size;
    },
  };
}
