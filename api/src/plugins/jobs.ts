/**
 * The app's background work in one place (docs/decisions/068-one-enqueue-path-one-jobs-plugin.md): every
 * polling loop over a leased job queue (lib/leased-queue.ts) and the scheduler of recurring tasks
 * (lib/scheduler.ts). A feature registers what is its own — its queue's batch (`app.jobs.queue`), its task
 * (`app.jobs.schedule`) — from its plugin; this plugin starts them all once the app is ready, when the workers
 * are on (`WORKER_ENABLED`, off in most tests), and stops them in preClose: the scheduler first (a task enqueues
 * messages), then the queues in the order they were registered, each finishing the batch in hand, all before
 * the database closes. The app's own preClose hook (app.ts) runs before this one, so a message a route
 * enqueues after its answer has left is still sent.
 *
 * The workers' settings (poll interval, concurrency, lease, attempts, backoff: `WORKER_*`) are one set for
 * every queue: `app.jobs.config`.
 *
 * How the workers of this process finished their jobs is counted here (`loyalty_jobs_finished_total{queue,
 * outcome}`, a Prometheus counter the metrics route exposes, decision 087): in memory, per instance, from its
 * start, as Prometheus counters are. The jobs tables keep the history, but counting sent and failed rows there
 * would read the whole table at every scrape.
 */
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { resolveWorkerConfig, type WorkerConfig } from '../config/messaging';
import { createPollingLoop, retryInMs, type JobOutcome, type PollingLoop, type PollingLoopOptions } from '../lib/leased-queue';
import { createScheduler, type Scheduler } from '../lib/scheduler';

/** The queues as the figures name them (`queue` label): the same names as the pending jobs' gauges. */
export type JobQueueLabel = 'messaging' | 'wallet-push' | 'wallet-google';

const JOB_OUTCOMES: readonly JobOutcome[] = ['sent', 'retried', 'failed'];

/**
 * What a feature gives for its queue: how to claim and handle a batch, what to do once the loop stopped, and the
 * queue's name in the figures (its finished jobs' series start at 0 when it registers).
 */
export type QueueHandler = Pick<PollingLoopOptions, 'batch' | 'onStop'> & { figures?: JobQueueLabel };

export interface Jobs {
  /** The workers' settings, the same for every queue. */
  readonly config: WorkerConfig;
  /**
   * Registers a queue's polling loop under its name (its log lines say it) and answers it: the feature wakes it
   * after an enqueue, tests drain it. Registered before the app is ready.
   */
  queue(name: string, handler: QueueHandler): PollingLoop;
  /** Looks at a registered queue now (after an enqueue committed) instead of at its next poll. */
  wake(name: string): void;
  /** Adds a recurring task under the name of its row of `scheduled_tasks` (a migration writes the row). */
  schedule(name: string, task: () => Promise<unknown>): void;
  /** The scheduler the tasks run on: `runDue` (tests, scripts), `running`. */
  readonly scheduler: Pick<Scheduler, 'runDue' | 'running'>;
  /**
   * When a failed job is tried again: null when the failure is permanent or its attempts are used up, else the
   * backoff of its attempt in milliseconds.
   */
  retryIn(attempts: number, permanent: boolean): number | null;
  /**
   * Counts how this process's worker finished a job of `queue` (nothing when the lease was lost: the worker that
   * took it over counts it). A registered queue's three series exist from its registration, at 0, so that a rate
   * of failures is defined before the first one.
   */
  finished(queue: JobQueueLabel, outcome: JobOutcome | null): void;
  /** The counter behind `finished`, in no registry: the metrics route registers it in its own. */
  readonly finishedCounter: Counter<'queue' | 'outcome'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** How long a claimed scheduled task is held (how often it is looked for: `SCHEDULER_POLL_INTERVAL_MS`). */
const SCHEDULER_LEASE_MS = 15 * 60_000;

export default fp(
  async (app) => {
    const config = resolveWorkerConfig(app.config.messaging);
    const queues = new Map<string, PollingLoop>();
    // The scheduler and the tasks it runs use the background connections (`Db.background`): a flood of
    // requests cannot keep them from claiming.
    const scheduler = createScheduler({
      db: app.db.background,
      log: app.log.child({ component: 'scheduler' }),
      tasks: {},
      pollIntervalMs: config.schedulerPollIntervalMs,
      leaseMs: SCHEDULER_LEASE_MS,
    });

    const finishedCounter = new Counter({
      name: 'loyalty_jobs_finished_total',
      help: "Jobs this instance's workers finished since it started, by queue and outcome: sent, retried (given back for a later try), failed (for good).",
      labelNames: ['queue', 'outcome'] as const,
      registers: [],
    });

    const jobs: Jobs = {
      config,
      queue(name, handler) {
        if (queues.has(name)) throw new Error(`two job queues are named '${name}'`);
        const log = app.log.child({ component: name });
        if (handler.figures) for (const outcome of JOB_OUTCOMES) finishedCounter.inc({ queue: handler.figures, outcome }, 0);
        const loop = createPollingLoop({
          batch: handler.batch,
          onStop: handler.onStop,
          pollIntervalMs: config.pollIntervalMs,
          onError: (err) => log.error({ err }, 'job worker could not claim jobs'),
        });
        queues.set(name, loop);
        return loop;
      },
      wake(name) {
        const loop = queues.get(name);
        if (!loop) throw new Error(`no job queue is named '${name}'`);
        loop.wake();
      },
      schedule: (name, task) => scheduler.add(name, task),
      scheduler,
      retryIn: (attempts, permanent) => retryInMs(config, attempts, permanent),
      finished(queue, outcome) {
        if (outcome) finishedCounter.inc({ queue, outcome });
      },
      finishedCounter,
    };
    app.decorate('jobs', jobs);

    if (config.enabled) {
      app.addHook('onReady', async () => {
        for (const loop of queues.values()) loop.start();
        scheduler.start();
      });
    }
    app.addHook('preClose', async () => {
      await scheduler.stop();
      for (const loop of queues.values()) await loop.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
