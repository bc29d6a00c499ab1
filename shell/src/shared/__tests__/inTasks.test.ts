import { nextTask, runInTasks } from '../inTasks';

describe('runInTasks', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('runs the steps in order, each in a task after what was queued before it', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued before'), 0);
    await runInTasks([
      () => {
        order.push('a');
        setTimeout(() => order.push('queued by a'), 0);
      },
      () => order.push('b'),
    ]);
    expect(order).toEqual(['queued before', 'a', 'queued by a', 'b']);
  });

  it('waits for a step that returns a promise before the next one starts', async () => {
    const order: string[] = [];
    await runInTasks([
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('slow');
      },
      () => order.push('next'),
    ]);
    expect(order).toEqual(['slow', 'next']);
  });

  it('stops at a step that fails and rejects with its error', async () => {
    const after = jest.fn();
    await expect(
      runInTasks([
        () => Promise.reject(new Error('remote refused')),
        after,
      ]),
    ).rejects.toThrow('remote refused');
    expect(after).not.toHaveBeenCalled();
  });

  it('yields through scheduler.yield() where the browser has it', async () => {
    const yieldNow = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldNow };
    const step = jest.fn();
    await runInTasks([step, step, step]);
    expect(step).toHaveBeenCalledTimes(3);
    expect(yieldNow).toHaveBeenCalledTimes(3);
  });

  it('falls back to a timer without scheduler.yield()', async () => {
    const spy = jest.spyOn(globalThis, 'setTimeout');
    await nextTask();
    expect(spy).toHaveBeenCalledWith(expect.any(Function), 0);
    spy.mockRestore();
  });
});
