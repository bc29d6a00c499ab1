/**
 * Tasks that run on a schedule (table `scheduled_tasks`, migration 013), beside the job worker and
 * started and stopped with it (docs/decisions/037-scheduled-tasks-on-the-queue.md). A due task is claimed like
 * a job — `FOR UPDATE SKIP LOCKED` and a lease — so among several API instances one runs it; a run whose
 * instance died is claimed again when its lease runs out. What a task writes must be exactly-once by keys of
 * its own (the rewards sweep's are), so a second run writes nothing more.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';
import { createPollingLoop } from './leased-queue';

export interface SchedulerDeps {
  db: Queryable;
  log: FastifyBaseLogger;
  /** The tasks by name (a row of `scheduled_tasks` names each); features add theirs with `add`. */
  tasks: Record<string, () => Promise<unknown>>;
  /** How often to look for due tasks. */
  pollIntervalMs: number;
  /** How long a claimed task is held before another instance may take it over. */
  leaseMs: number;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Claims and runs the due tasks once (tests, scripts); answers the names run. */
  runDue(): Promise<string[]>;
  /** Adds a task (before the scheduler starts): the feature that owns it names its row of `scheduled_tasks`. */
  add(name: string, task: () => Promise<unknown>): void;
  readonly running: boolean;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const { db, log } = deps;
  const tasks = { ...deps.tasks };

  async function runDue(): Promise<string[]> {
    const token = `${process.pid}:${crypto.randomUUID()}`;
    const { rows } = await db.query<{ name: string }>(
      `UPDATE scheduled_tasks t SET lock_token = $1, locked_until = now() + $2 * interval '1 millisecond'
        WHERE t.name IN (
          SELECT s.name FROM scheduled_tasks s
           WHERE s.next_run_at <= now() AND (s.locked_until IS NULL OR s.locked_until <= now()) AND s.name = ANY($3::text[])
           ORDER BY s.next_run_at
           FOR UPDATE SKIP LOCKED
        )
        RETURNING t.name`,
      [token, deps.leaseMs, Object.keys(tasks)],
    );
    for (const { name } of rows) {
      let error: string | null = null;
      try {
        const result = await tasks[name]();
        log.info({ task: name, result }, 'scheduled task done');
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        log.error({ err, task: name }, 'scheduled task failed');
      }
      await db.query(
        `UPDATE scheduled_tasks SET next_run_at = now() + interval_ms * interval '1 millisecond', lock_token = NULL, locked_until = NULL,
                last_run_at = now(), last_error = $3
          WHERE name = $1 AND lock_token = $2`,
        [name, token, error],
      );
    }
    return rows.map((r) => r.name);
  }

  // A task sets its own next run: after a batch the loop waits for the next poll (the batch answers 0).
  const loop = createPollingLoop({
    batch: async () => {
      await runDue();
      return 0;
    },
    pollIntervalMs: deps.pollIntervalMs,
    onError: (err) => log.error({ err }, 'scheduler could not claim tasks'),
  });

  return {
    get running() {
      return loop.running;
    },
    start: () => loop.start(),
    stop: () => loop.stop(),
    runDue,
    add(name, task) {
      tasks[name] = task;
    },
  };
}
