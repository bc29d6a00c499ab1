/**
 * The jobs plugin (src/plugins/jobs.ts, docs/decisions/068-one-enqueue-path-one-jobs-plugin.md): the features
 * register their queues and tasks with it; it starts them all when the app is ready (workers on) and stops them
 * on close — after the app's own preClose (work done after an answer), the scheduler first, then the queues in
 * the order they were registered.
 */
import fp from 'fastify-plugin';
import type { App } from '../src/app';
import { MESSAGING_QUEUE } from '../src/features/messaging/worker';
import { startTestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

/** A feature of the test: two queues that record their batches and stops, and a task. */
function probeFeature(app: App, events: string[], batches: { probe: number; looked?: () => void }) {
  app.addHook('preClose', async () => {
    events.push('app preClose');
  });
  app.register(
    fp(
      async (instance) => {
        for (const name of ['probe-a', 'probe-b']) {
          instance.jobs.queue(name, {
            batch: async () => {
              if (name === 'probe-a') {
                batches.probe += 1;
                batches.looked?.();
              }
              return 0;
            },
            onStop: () => {
              events.push(`${name} stopped (scheduler ${instance.jobs.scheduler.running ? 'running' : 'stopped'}, messaging worker ${instance.messaging.worker.running ? 'running' : 'stopped'})`);
            },
          });
        }
        instance.jobs.schedule('probe-task', async () => events.push('probe-task ran'));
      },
      { name: 'probe', dependencies: ['jobs', 'messaging'] },
    ),
  );
}

describeEachDatabase('the jobs plugin', (variant) => {
  it('starts every registered queue and the scheduler when the app is ready, and stops them in order on close', async () => {
    const events: string[] = [];
    let looked!: () => void;
    const firstLook = new Promise<void>((resolve) => (looked = resolve));
    const batches = { probe: 0, looked };
    // Long intervals: nothing runs by itself after the start's first look; the test wakes what it wants.
    const t = await startTestApp(variant, { messaging: { worker: { enabled: true, pollIntervalMs: 3_600_000, schedulerPollIntervalMs: 3_600_000 } } }, {}, (app) =>
      probeFeature(app, events, batches),
    );
    let closed = false;
    try {
      expect(t.app.jobs.scheduler.running).toBe(true);
      expect(t.app.messaging.worker.running).toBe(true);
      expect(() => t.app.jobs.queue('probe-a', { batch: async () => 0 })).toThrow("two job queues are named 'probe-a'");
      expect(() => t.app.jobs.wake('nessuna')).toThrow("no job queue is named 'nessuna'");
      expect(() => t.app.jobs.wake(MESSAGING_QUEUE)).not.toThrow();
      // A started queue looks for work at once.
      await firstLook;

      await t.close();
      closed = true;
      expect(batches.probe).toBeGreaterThanOrEqual(1);
      expect(events).toEqual([
        'app preClose',
        'probe-a stopped (scheduler stopped, messaging worker stopped)',
        'probe-b stopped (scheduler stopped, messaging worker stopped)',
      ]);
    } finally {
      if (!closed) await t.close();
    }
  });

  it('starts nothing with the workers off (tests, an instance that only answers), runs a registered task when asked, and still stops cleanly', async () => {
    const events: string[] = [];
    const batches = { probe: 0 };
    const t = await startTestApp(variant, { messaging: { worker: { enabled: false } } }, {}, (app) => probeFeature(app, events, batches));
    expect(t.app.jobs.scheduler.running).toBe(false);
    expect(t.app.messaging.worker.running).toBe(false);
    // A registered task runs when its row of scheduled_tasks is due (here run by hand, as a script would).
    await t.app.db.query(`INSERT INTO scheduled_tasks (name, interval_ms) VALUES ('probe-task', 3600000)`);
    expect(await t.app.jobs.scheduler.runDue()).toContain('probe-task');
    await t.close();
    expect(batches.probe).toBe(0);
    expect(events).toEqual([
      'probe-task ran',
      'app preClose',
      'probe-a stopped (scheduler stopped, messaging worker stopped)',
      'probe-b stopped (scheduler stopped, messaging worker stopped)',
    ]);
  });
});
