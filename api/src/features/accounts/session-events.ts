/**
 * Decision 078: `GET /api/auth/session-events`, a Server-Sent Events stream an open dashboard keeps, so that a
 * session ended elsewhere — the user disabled, deleted, given another role or other shops, a new password — ends
 * on the page at once instead of at its next request. The stream listens to the session cache's `onForget`
 * (every instance hears every end through Redis, decision 053); on an end that concerns its user it checks its
 * own token again and, when that token no longer holds, sends `event: ended` and closes. It carries nothing
 * else (no data about the user), so it needs no more than a valid session.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses, fileResponse } from '../../schemas/common';
import { bearerToken } from '../../plugins/auth';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

const sessionEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<PassThrough>();
  // A closing API ends its streams: the server's close would otherwise wait for them.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  /** Whether the token still stands for its user as it was signed (same token version: nothing ended it). */
  async function stillValid(token: string): Promise<boolean> {
    const claims = await app.tokens.verify(token);
    if (!claims) return false;
    const row = await app.repos.users.findForSession(claims.userId);
    return row !== null && row.token_version === claims.version;
  }

  app.get(
    '/session-events',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary: 'Flusso di eventi della sessione (Server-Sent Events)',
        description:
          'Resta aperto finché la sessione vale. Quando la sessione finisce altrove (utente disattivato, eliminato, ruolo o negozi cambiati, nuova password) ' +
          'invia `event: ended` e si chiude; ogni 25 secondi una riga di commento. 401 per una sessione già finita.',
        security: bearerAuth,
        response: { 200: fileResponse('text/event-stream', 'Gli eventi della sessione: `open`, poi al più `ended`'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization)!;
      const userId = request.user!.id;
      const stream = new PassThrough();
      open.add(stream);
      let done = false;
      const finish = (ended: boolean) => {
        if (done) return;
        done = true;
        stopListening();
        clearInterval(heartbeat);
        open.delete(stream);
        if (ended) stream.write('event: ended\ndata: {}\n\n');
        stream.end();
      };
      const check = () => {
        void stillValid(token).then(
          (valid) => valid || finish(true),
          () => undefined, // the database did not answer: the next end, or the page's next request, decides
        );
      };
      const stopListening = app.sessions.onForget((forgotten) => {
        if (forgotten === userId || forgotten === '*') check();
      });
      const heartbeat = setInterval(() => stream.write(': ancora qui\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      reply.raw.on('close', () => finish(false));
      stream.write('event: open\ndata: {}\n\n');
      // An end that came between the authentication and the listening above.
      check();
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};

export default sessionEventsRoutes;
