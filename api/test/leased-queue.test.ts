/**
 * Decision 057: the polling loop every job table and the scheduled tasks run on (src/lib/leased-queue.ts).
 * Its SQL is exercised on both databases by the workers' own tests (messaging, wallet pushes, Google syncs).
 */
import { createPollingLoop } from '../src/lib/leased-queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** A batch the test releases by hand; `due` jobs are handled one per batch. */
function controlledBatch() {
  const state = { calls: 0, due: 0, release: null as null | (() => void), lives: [] as number[] };
  const batch = async (life: number) => {
    state.calls += 1;
    state.lives.push(life);
    await new Promise<void>((r) => (state.release = r));
    state.release = null;
    if (state.due === 0) return 0;
    state.due -= 1;
    return 1;
  };
  return { state, batch };
}

describe('polling loop (decision 057)', () => {
  it('looks again at once while batches find work, then waits for the poll', async () => {
    const { state, batch } = controlledBatch();
    const loop = createPollingLoop({ batch, pollIntervalMs: 60_000, onError: () => undefined });
    state.due = 2;
    loop.start();
    for (let call = 1; call <= 3; call++) {
      await until(() => state.calls === call && state.release !== null);
      state.release!();
    }
    await sleep(50);
    expect(state.calls).toBe(3); // two that found a job, one that found none; the next waits a minute
    await loop.stop();
  });

  it('a wake during a batch looks again as soon as it ends, not at the next poll', async () => {
    const { state, batch } = controlledBatch();
    const loop = createPollingLoop({ batch, pollIntervalMs: 60_000, onError: () => undefined });
    loop.start();
    await until(() => state.release !== null);
    loop.wake(); // e.g. a job enqueued while the batch was claiming
    state.release!();
    await until(() => state.calls === 2 && state.release !== null);
    state.release!();
    await sleep(50);
    expect(state.calls).toBe(2);
    // a wake while waiting for the poll looks at once
    loop.wake();
    await until(() => state.calls === 3 && state.release !== null);
    state.release!();
    await loop.stop();
  });

  it('stop waits for the batch in hand, then calls onStop once; no batch after it', async () => {
    const { state, batch } = controlledBatch();
    const stopped: string[] = [];
    const loop = createPollingLoop({ batch, pollIntervalMs: 10, onError: () => undefined, onStop: () => stopped.push('closed') });
    loop.start();
    await until(() => state.release !== null);
    let done = false;
    const stopping = loop.stop().then(() => (done = true));
    await sleep(30);
    expect([done, stopped, loop.running]).toEqual([false, [], false]);
    state.release!();
    await stopping;
    expect(stopped).toEqual(['closed']);
    await sleep(50);
    expect(state.calls).toBe(1);
  });

  it('kill abandons the batch in hand: its life is no longer current, and a new start begins another', async () => {
    const { state, batch } = controlledBatch();
    const loop = createPollingLoop({ batch, pollIntervalMs: 60_000, onError: () => undefined });
    loop.start();
    await until(() => state.release !== null);
    const first = state.lives[0];
    expect(loop.isCurrent(first)).toBe(true);
    loop.kill();
    expect([loop.running, loop.isCurrent(first)]).toEqual([false, false]);
    state.release!(); // the abandoned batch ends; it starts nothing
    await sleep(30);
    expect(state.calls).toBe(1);
    loop.start();
    await until(() => state.calls === 2 && state.release !== null);
    expect(state.lives[1]).not.toBe(first);
    expect(loop.isCurrent(state.lives[1])).toBe(true);
    state.release!();
    await loop.stop();
  });

  it('a batch that throws is reported and the loop goes on at the next poll', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const loop = createPollingLoop({
      batch: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unreachable');
        return 0;
      },
      pollIntervalMs: 20,
      onError: (err) => errors.push(err),
    });
    loop.start();
    await until(() => calls >= 2);
    await loop.stop();
    expect(errors.map((e) => (e as Error).message)).toEqual(['database unreachable']);
  });

  it('drain runs batches until one finds nothing, without starting the loop', async () => {
    let due = 5;
    const batch = async () => {
      const handled = Math.min(2, due);
      due -= handled;
      return handled;
    };
    const loop = createPollingLoop({ batch, pollIntervalMs: 60_000, onError: () => undefined });
    expect(await loop.drain()).toBe(5);
    expect(loop.running).toBe(false);
  });
});
