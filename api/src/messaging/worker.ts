/**
 * The job worker: claims due jobs (FOR UPDATE SKIP LOCKED), sends each through its business's driver,
 * then marks it sent and logs it in one statement, or schedules a retry with exponential backoff.
 *
 * Delivery guarantee (see docs/decisions/005-messaging-job-queue.md):
 * - the outbox driver has no side effect outside the database, so "sent" and "logged" commit together:
 *   a crash at any point leaves the job either done or claimable again → exactly once;
 * - an external driver (Twilio, SMTP) is called between the claim and that commit; a crash in that window
 *   (after the provider accepted, before the commit) sends again when the lease runs out → at least once,
 *   with a window of one network round trip. Lost leases never double-log: `complete` checks the lock token.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerConfig } from './config';
import type { JobRecord, MessagingRepository } from './repository';
import { MessagingError, type MessageDriver } from './types';

export interface JobWorker {
  start(): void;
  /** Look for jobs now instead of at the next poll (after an enqueue). */
  wake(): void;
  /** Stops claiming and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Stops claiming at once and abandons the jobs in hand (tests: a crashed process); their leases run out. */
  kill(): void;
  /** Runs until no job is due (tests, scripts). Resolves with the number of jobs handled. */
  drain(): Promise<number>;
  readonly running: boolean;
}

export interface WorkerDeps {
  repo: MessagingRepository;
  config: WorkerConfig;
  log: FastifyBaseLogger;
  driverFor(job: JobRecord): Promise<MessageDriver>;
}

export function retryDelayMs(config: WorkerConfig, attempts: number): number {
  return Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export function createJobWorker(deps: WorkerDeps): JobWorker {
  const { repo, config, log } = deps;
  // Bumped by kill(): work of a killed life finishes without writing anything, like a dead process's.
  let generation = 0;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let wakeRequested = false;

  async function handle(job: JobRecord, token: number, drivers: Map<string, Promise<MessageDriver>>): Promise<void> {
    let driverName = 'unknown';
    try {
      if (job.attempts > config.maxAttempts) throw new MessagingError(`Troppi tentativi (${job.attempts - 1})`, true);
      // One settings read (and Twilio client) per business and channel per batch.
      const cacheKey = `${job.business_id}\u0000${job.channel}`;
      if (!drivers.has(cacheKey)) drivers.set(cacheKey, deps.driverFor(job));
      const driver = await drivers.get(cacheKey)!;
      driverName = driver.name;
      const result = await driver.send({ businessId: job.business_id, channel: job.channel, recipient: job.recipient, body: job.body });
      if (token !== generation) return; // killed meanwhile: a dead process records nothing
      if (!(await repo.complete(job, driver.name, result))) log.warn({ jobId: job.id }, 'messaging job lease lost; another worker took it over');
    } catch (error) {
      if (token !== generation) return;
      const permanent = error instanceof MessagingError && error.permanent;
      const reason = error instanceof Error ? error.message : String(error);
      const retryIn = permanent || job.attempts >= config.maxAttempts ? null : retryDelayMs(config, job.attempts);
      log.warn({ jobId: job.id, attempts: job.attempts, retryIn, err: error }, 'messaging job failed');
      await repo.fail(job, driverName, reason.slice(0, 1000), retryIn);
    }
  }

  /** One claim and its sends; answers how many jobs it handled. */
  async function batch(token: number): Promise<number> {
    const jobs = await repo.claim(config.concurrency, config.leaseMs, `${process.pid}:${crypto.randomUUID()}`);
    if (token !== generation) return 0;
    const drivers = new Map<string, Promise<MessageDriver>>();
    await Promise.all(jobs.map((job) => handle(job, token, drivers)));
    return jobs.length;
  }

  function schedule(token: number, delay: number) {
    if (!running || token !== generation) return;
    timer = setTimeout(() => {
      timer = null;
      loop = (async () => {
        let handled = 0;
        try {
          handled = await batch(token);
        } catch (err) {
          if (running && token === generation) log.error({ err }, 'messaging worker could not claim jobs');
        }
        const again = handled > 0 || wakeRequested;
        wakeRequested = false;
        schedule(token, again ? 0 : config.pollIntervalMs);
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
    },
    kill() {
      running = false;
      generation += 1;
      if (timer) clearTimeout(timer);
      timer = null;
      loop = null;
    },
    async drain() {
      const token = generation;
      let total = 0;
      for (let n = await batch(token); n > 0; n = await batch(token)) total += n;
      return total;
    },
  };
}
