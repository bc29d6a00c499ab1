import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** A database that does not answer within this time counts as down (a load balancer is waiting). */
const DATABASE_CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      // A load balancer asks every 250 ms (deploy/haproxy): its requests are not logged at info (two lines each,
      // ~140 MB a day per instance in the journal); a failing check still logs its error, the drain its own lines.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Stato del servizio e del database',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), database: z.literal('unreachable'), error: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(app.db.query('SELECT 1'), DATABASE_CHECK_TIMEOUT_MS);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable', error: MESSAGES.databaseUnavailable });
      }
    },
  );
};

export default healthRoutes;
