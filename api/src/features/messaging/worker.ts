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
import type { WorkerConfig } from '../../config/messaging';
import { withCredential, type Credentials } from './credentials';
import type { JobRecord, MessagingRepository } from './repository';
import { MessagingError, type MessageDriver, type OutgoingMessage } from './types';
import { retryDelayMs, retryInMs, type JobOutcome, type PollingLoop, type PollingLoopOptions } from '../../lib/leased-queue';

export { retryDelayMs };

/** The name of the messaging queue's loop in `app.jobs` (and its log lines): a feature that enqueues wakes it by it. */
export const MESSAGING_QUEUE = 'messaging-worker';

/** start, wake, stop, kill (a crashed process, in tests), drain (until no job is due), running. */
export type JobWorker = Omit<PollingLoop, 'isCurrent'>;

export interface WorkerDeps {
  repo: MessagingRepository;
  config: WorkerConfig;
  log: FastifyBaseLogger;
  driverFor(job: JobRecord): Promise<MessageDriver>;
  /** Issues a job's credential just before its send (decision 058). */
  credentials: Pick<Credentials, 'issue'>;
  /**
   * The message a driver gets for the job (decision 074): an SMS smart-encoded, an e-mail with its subject, From
   * name, parts and — a campaign's — the one-click unsubscribe. Throws a MessagingError when it cannot be made.
   */
  compose(job: JobRecord, body: string, driver: MessageDriver): Promise<OutgoingMessage>;
  /** Makes the polling loop that runs the batches (the app's: `app.jobs.queue`, plugins/jobs.ts). */
  queue(handler: Pick<PollingLoopOptions, 'batch'>): PollingLoop;
  /** Counts how a job was finished (the app's: `app.jobs.finished`; null: the lease was lost). */
  finished(outcome: JobOutcome | null): void;
}

export function createJobWorker(deps: WorkerDeps): JobWorker {
  const { repo, config, log } = deps;

  async function handle(job: JobRecord, life: number, drivers: Map<string, Promise<MessageDriver>>): Promise<void> {
    let driverName = 'unknown';
    let account: MessageDriver['account'] | null = null;
    try {
      if (job.attempts > config.maxAttempts) throw new MessagingError(`Troppi tentativi (${job.attempts - 1})`, true);
      // One settings read (and Twilio client) per business and channel per batch; a credential has its own choice of driver.
      const cacheKey = `${job.business_id}\u0000${job.channel}\u0000${job.credential ? 'credential' : ''}`;
      if (!drivers.has(cacheKey)) drivers.set(cacheKey, deps.driverFor(job));
      const driver = await drivers.get(cacheKey)!;
      driverName = driver.name;
      account = driver.account ?? null;
      // A credential's token is issued now, after the driver is known to deliver, and lives only in this call:
      // the job keeps the placeholder, and so does the log row written from it.
      const body = job.credential ? withCredential(job.body, await deps.credentials.issue(job.credential)) : job.body;
      const result = await driver.send(await deps.compose(job, body, driver));
      if (!loop.isCurrent(life)) return; // killed meanwhile: a dead process records nothing
      if (await repo.complete(job, driver.name, result, account)) deps.finished('sent');
      else log.warn({ jobId: job.id }, 'messaging job lease lost; another worker took it over');
    } catch (error) {
      if (!loop.isCurrent(life)) return;
      const permanent = error instanceof MessagingError && error.permanent;
      const reason = error instanceof Error ? error.message : String(error);
      const retryIn = retryInMs(config, job.attempts, permanent);
      log.warn({ jobId: job.id, attempts: job.attempts, retryIn, err: error }, 'messaging job failed');
      deps.finished(await repo.fail(job, driverName, reason.slice(0, 1000), retryIn, account));
    }
  }

  /** One claim and its sends; answers how many jobs it handled. */
  async function batch(life: number): Promise<number> {
    const jobs = await repo.claim(config.concurrency, config.leaseMs, `${process.pid}:${crypto.randomUUID()}`);
    if (!loop.isCurrent(life)) return 0;
    const drivers = new Map<string, Promise<MessageDriver>>();
    await Promise.all(jobs.map((job) => handle(job, life, drivers)));
    return jobs.length;
  }

  const loop = deps.queue({ batch });

  return loop;
}
