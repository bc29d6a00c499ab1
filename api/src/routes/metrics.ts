/**
 * Decision 087: the figures an operator's scraper (Prometheus) reads, in its text format. The route exists only when
 * `METRICS_TOKEN` is set, and answers only a request carrying it as `Authorization: Bearer <token>`; it is not a
 * user's route (no session, no role). Every figure is computed when it is asked for: counts over the job queues'
 * partial indexes and the few rows of `scheduled_tasks`, the lengths of this process's lines, its drain state, and
 * prom-client's process figures (event-loop delay, memory, garbage collection) — but for the jobs this instance's
 * workers finished (`loyalty_jobs_finished_total`), counted as they finish by the jobs plugin (plugins/jobs.ts).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { MESSAGES } from '../messages';
import { errorResponses, fileResponse } from '../schemas/common';

/** The job tables: each has the partial index `<table>_due_idx ON (next_run_at, id) WHERE status IN ('queued', 'sending')`. */
const JOB_QUEUES = [
  ['messaging', 'messaging_jobs'],
  ['wallet-push', 'wallet_push_jobs'],
  ['wallet-google', 'wallet_google_jobs'],
] as const;

/**
 * One statement for the three queues. The `status IN ('queued', 'sending')` of each part is the index's own
 * predicate, so it reads the pending rows only (never the history of sent and failed jobs): its cost follows the
 * backlog. A queued job whose `next_run_at` is still ahead (a retry's backoff, the quiet hours) is pending, not due.
 */
const JOB_FIGURES_SQL = JOB_QUEUES.map(
  ([queue, table]) =>
    `SELECT '${queue}' AS queue,
            count(*) FILTER (WHERE status = 'queued')::int AS queued,
            count(*) FILTER (WHERE status = 'sending')::int AS sending,
            count(*) FILTER (WHERE status = 'queued' AND next_run_at <= now())::int AS due,
            COALESCE(EXTRACT(EPOCH FROM now() - min(next_run_at) FILTER (WHERE status = 'queued' AND next_run_at <= now())), 0)::float8 AS oldest_due_seconds
       FROM ${table} WHERE status IN ('queued', 'sending')`,
).join('\nUNION ALL\n');

/**
 * A task is overdue when it has been due for longer than one look of the scheduler and no instance holds it: no
 * instance runs the scheduler, or none can claim. `scheduled_tasks` has one row per task (a handful).
 */
const OVERDUE_TASKS_SQL = `SELECT count(*)::int AS overdue,
                                  COALESCE(EXTRACT(EPOCH FROM now() - min(next_run_at)), 0)::float8 AS oldest_seconds
                             FROM scheduled_tasks
                            WHERE next_run_at <= now() - $1 * interval '1 millisecond'
                              AND (locked_until IS NULL OR locked_until <= now())`;

/** Equal strings in a time that does not depend on where they differ (digests: equal lengths whatever was sent). */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(sent), digest(expected));
}

const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metricsToken;
  if (!token) return;

  // A registry of this app's own (tests build many apps in one process), with Node's process figures.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  const jobs = gauge('loyalty_jobs', 'Pending jobs of a queue by status: queued (waiting or deferred) and sending (held by a worker).', ['queue', 'status']);
  const due = gauge('loyalty_jobs_due', 'Queued jobs whose time has come (not deferred by a backoff or the quiet hours).', ['queue']);
  const oldestDue = gauge('loyalty_jobs_oldest_due_age_seconds', 'How long the queued job that has been due the longest has waited (0: none due).', ['queue']);
  const overdue = gauge('loyalty_scheduled_tasks_overdue', 'Scheduled tasks due for longer than one scheduler poll that no instance holds.');
  const overdueSeconds = gauge('loyalty_scheduled_tasks_oldest_overdue_seconds', 'Since when the most overdue scheduled task has been due (0: none).');
  const hashWaiting = gauge('loyalty_password_hash_waiting', 'Password hashes and checks waiting for their turn in this instance.');
  const signWaiting = app.wallet?.apple ? gauge('loyalty_pass_signing_waiting', 'Apple Wallet passes waiting for the signing thread in this instance.') : null;
  const draining = gauge('loyalty_instance_draining', '1 while this instance is leaving (its health check answers «riavvio» before it closes), else 0.');
  registry.registerMetric(app.jobs.finishedCounter);

  app.get(
    '',
    {
      schema: {
        tags: ['health'],
        summary: 'Metriche per Prometheus',
        description:
          'Solo se `METRICS_TOKEN` è impostato (altrimenti 404), con `Authorization: Bearer <METRICS_TOKEN>`. Formato di esposizione testuale di Prometheus: ' +
          'code dei job (in attesa; conclusi da questa istanza: inviati, ritentati, falliti), task pianificati in ritardo, attese delle code di hashing e di firma dei pass, stato di chiusura, metriche del processo Node.',
        security: [{ metricsToken: [] }],
        response: { 200: fileResponse('text/plain', 'Le metriche in formato testuale Prometheus'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!sent || !sameToken(sent, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: MESSAGES.metricsTokenInvalid });
      }
      const [queues, tasks] = await Promise.all([
        app.db.query<{ queue: string; queued: number; sending: number; due: number; oldest_due_seconds: number }>(JOB_FIGURES_SQL),
        app.db.query<{ overdue: number; oldest_seconds: number }>(OVERDUE_TASKS_SQL, [app.jobs.config.schedulerPollIntervalMs]),
      ]);
      for (const row of queues.rows) {
        jobs.set({ queue: row.queue, status: 'queued' }, row.queued);
        jobs.set({ queue: row.queue, status: 'sending' }, row.sending);
        due.set({ queue: row.queue }, row.due);
        oldestDue.set({ queue: row.queue }, Math.max(0, row.oldest_due_seconds));
      }
      overdue.set(tasks.rows[0].overdue);
      overdueSeconds.set(Math.max(0, tasks.rows[0].oldest_seconds));
      hashWaiting.set(app.passwords.waiting);
      signWaiting?.set(app.wallet.apple!.signer.waiting);
      draining.set(app.drainState() === 'serving' ? 0 : 1);
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    },
  );
};

export default metricsRoutes;
