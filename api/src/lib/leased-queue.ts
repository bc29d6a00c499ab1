/**
 * Decision 057: the one shape of the API's leased job queues — messaging_jobs (decision 005), wallet_push_jobs
 * (decision 040), wallet_google_jobs (decision 041) — and of the loop that polls them and the scheduled tasks
 * (decision 037).
 *
 * A job row is 'queued' until a worker claims it: `FOR UPDATE SKIP LOCKED` lets the workers of several instances
 * claim side by side, and the claim sets a lease (`locked_until`) and a lock token. A job whose worker died is
 * 'sending' with its lease run out and is claimed again. Only the holder of the token may finish it.
 */
import type { WorkerConfig } from '../config/messaging';

/**
 * How a worker finished with a claimed job: sent; given back to the queue for a later try (a transient failure);
 * failed for good (a permanent failure, its attempts used up, or a newer job of the same thing queued). A job
 * whose lease another worker took over is not counted here: that worker counts it.
 */
export type JobOutcome = 'sent' | 'retried' | 'failed';

/** One leased job table: its name, the columns a claim answers, and any further condition on a due job `j`. */
export interface LeasedTable {
  table: 'messaging_jobs' | 'wallet_push_jobs' | 'wallet_google_jobs';
  /** Columns of `j` the claim returns, e.g. `j.id, j.attempts, j.lock_token`. */
  returning: string;
  /** Also required of a due job `j` (e.g. no other job of the same object under way). */
  alsoDue?: string;
}

/**
 * Claims up to `$1` due jobs for `$2` milliseconds under the lock token `$3`: queued ones whose time has come and
 * 'sending' ones whose worker let the lease run out. Each claim counts an attempt.
 */
export function claimDueSql({ table, returning, alsoDue }: LeasedTable): string {
  return `WITH due AS (
      SELECT j.id FROM ${table} j
       WHERE j.status IN ('queued', 'sending') AND j.next_run_at <= now() AND (j.status = 'queued' OR j.locked_until <= now())
         ${alsoDue ? `AND ${alsoDue}` : ''}
       ORDER BY j.next_run_at, j.id LIMIT $1
       FOR UPDATE SKIP LOCKED
    )
    UPDATE ${table} j
       SET status = 'sending', attempts = j.attempts + 1, lock_token = $3, updated_at = now(),
           locked_until = now() + $2 * interval '1 millisecond'
      FROM due WHERE j.id = due.id
    RETURNING ${returning}`;
}

/**
 * Marks job `$1` sent, only while the lock token `$2` still holds it (a worker whose lease ran out and was taken
 * over writes nothing); returns its id when it did.
 */
export function completeSql(table: LeasedTable['table']): string {
  return `UPDATE ${table} SET status = 'sent', sent_at = now(), updated_at = now(), lock_token = NULL, locked_until = NULL, last_error = NULL
           WHERE id = $1 AND lock_token = $2 AND status = 'sending' RETURNING id`;
}

/**
 * Gives job `$1` (held under lock token `$2`) back to the queue in `$3` milliseconds, or fails it for good when `$3`
 * is null or a newer job of the same thing is already queued (it will send the newest content anyway:
 * `supersededBy`, a condition on that queued job `q` and this one `j`); `$4` is the error kept. Returns the
 * job's new status ('queued' or 'failed'), no row when the lease was lost.
 */
export function retryOrFailSql(table: 'wallet_push_jobs' | 'wallet_google_jobs', supersededBy: string): string {
  return `UPDATE ${table} j
            SET status = CASE WHEN $3::bigint IS NULL OR EXISTS (SELECT 1 FROM ${table} q WHERE q.status = 'queued' AND ${supersededBy})
                              THEN 'failed' ELSE 'queued' END,
                next_run_at = now() + coalesce($3::bigint, 0) * interval '1 millisecond',
                last_error = $4, lock_token = NULL, locked_until = NULL, updated_at = now()
          WHERE id = $1 AND lock_token = $2 AND status = 'sending'
      RETURNING j.status`;
}

/** What `retryOrFailSql` answered, as a job's outcome (null: the lease was lost, nothing written). */
export function retryOrFailOutcome(rows: { status: string }[]): JobOutcome | null {
  if (rows.length === 0) return null;
  return rows[0].status === 'failed' ? 'failed' : 'retried';
}

/** The wait before retry n of a failed job: retryBaseMs · 2^(n-1), at most retryMaxMs (the same for every queue). */
export function retryDelayMs(config: Pick<WorkerConfig, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/** When a failed job is tried again: never (null) when the failure is permanent or its attempts are used up. */
export function retryInMs(config: Pick<WorkerConfig, 'maxAttempts' | 'retryBaseMs' | 'retryMaxMs'>, attempts: number, permanent: boolean): number | null {
  return permanent || attempts >= config.maxAttempts ? null : retryDelayMs(config, attempts);
}

export interface PollingLoop {
  readonly running: boolean;
  start(): void;
  /** Look now instead of at the next poll (after an enqueue); during a batch, look again as soon as it ends. */
  wake(): void;
  /** Stops polling and waits for the batch in hand to finish. */
  stop(): Promise<void>;
  /** Stops polling at once and abandons the batch in hand (tests: a crashed process): see `isCurrent`. */
  kill(): void;
  /** Runs batches until one finds nothing (tests, scripts); resolves with how many were handled. */
  drain(): Promise<number>;
  /** False once the loop was killed (or started again) since the batch given `life` began: a dead process writes nothing. */
  isCurrent(life: number): boolean;
}

export interface PollingLoopOptions {
  /** Claims and handles what is due; answers how many it handled (more than 0: look again at once). */
  batch: (life: number) => Promise<number>;
  pollIntervalMs: number;
  /** A batch that threw (e.g. the database is unreachable): logged, and the loop goes on at the next poll. */
  onError: (err: unknown) => void;
  /** Called once the loop has stopped (e.g. to close a provider's connections). */
  onStop?: () => void;
}

/** Runs `batch` now, again at once while it finds work or was woken, otherwise every `pollIntervalMs`. */
export function createPollingLoop(options: PollingLoopOptions): PollingLoop {
  // Bumped by kill() and start(): work of an earlier life finishes without writing anything.
  let generation = 0;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let wakeRequested = false;

  function schedule(life: number, delay: number) {
    if (!running || life !== generation) return;
    timer = setTimeout(() => {
      timer = null;
      loop = (async () => {
        let handled = 0;
        try {
          handled = await options.batch(life);
        } catch (err) {
          if (running && life === generation) options.onError(err);
        }
        const again = handled > 0 || wakeRequested;
        wakeRequested = false;
        schedule(life, again ? 0 : options.pollIntervalMs);
      })();
    }, delay);
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      generation += 1;
      schedule(generation, 0);
    },
    wake() {
      if (!running) return;
      if (timer) {
        clearTimeout(timer);
        timer = null;
        schedule(generation, 0);
      } else {
        wakeRequested = true;
      }
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await loop?.catch(() => undefined);
      options.onStop?.();
    },
    kill() {
      running = false;
      generation += 1;
      if (timer) clearTimeout(timer);
      timer = null;
      loop = null;
    },
    async drain() {
      const life = generation;
      let total = 0;
      for (let n = await options.batch(life); n > 0; n = await options.batch(life)) total += n;
      return total;
    },
    isCurrent: (life) => life === generation,
  };
}
