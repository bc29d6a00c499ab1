interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * The next task: what was queued meanwhile (input, a frame, a network answer) runs first. `scheduler.yield()`
 * (Chromium 129+) continues ahead of other tasks queued at the same priority, so the start-up is cut up without
 * waiting behind them; elsewhere a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs each step in a task of its own, in order, each once the previous one has settled: a long start-up cut into
 * tasks the browser can answer between (what a phone's blocking time counts is each task beyond 50 ms).
 * A step that fails stops the chain and rejects with its error.
 */
export async function runInTasks(steps: readonly (() => unknown)[], next: () => Promise<void> = nextTask): Promise<void> {
  for (const step of steps) {
    await next();
    await step();
  }
}
