import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, notFound } from '../../errors';
import { MESSAGES, POINTS_MESSAGES, REWARD_MESSAGES } from '../../messages';
import { POINTS_BALANCE_MAX } from './repository';
import { bearerAuth, errorResponses } from '../../schemas/common';
import { pointsResultSchema, qrScanBodySchema } from './schemas';
import { pointsHeadersSchema } from '../rewards/schemas';
import { cardScope } from './card-scope';

/** What the ledger says for points added by scanning a card's QR code. */
export const QR_SCAN_DESCRIPTION = 'Punti aggiunti tramite codice QR';

const qrcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/scan',
    {
      onRequest: [app.authenticate, app.requireRole('staff', 'admin', 'super_admin')],
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Aggiunge punti dalla scansione del QR di una carta',
        description:
          `\`card_id\` e \`user_id\` devono appartenere alla stessa carta (altrimenti 404). Una transazione: movimento e nuovo saldo (al massimo ${POINTS_BALANCE_MAX}). ` +
          'Con l’intestazione facoltativa `Idempotency-Key` lo stesso invio ripetuto registra un solo movimento e riceve la stessa risposta ' +
          '(con `idempotent-replay: true`), come per `POST /api/loyalty-cards/{id}/points`; la stessa chiave con un’altra variazione risponde 422.',
        security: bearerAuth,
        headers: pointsHeadersSchema,
        body: qrScanBodySchema,
        response: { 200: pointsResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { card_id, user_id, points } = request.body;
      const key = request.headers['idempotency-key'];
      const change = { points, description: QR_SCAN_DESCRIPTION, authorId: user.id, userId: user_id, at: app.clock(), key };
      // Without a key, one statement: the card/user check, the balance and the ledger row together (see addPoints).
      // With one (a change sent again after a lost answer counts once), the card's row is locked first: a transaction.
      const result =
        key === undefined
          ? await app.repos.loyaltyCards.addPoints(card_id, cardScope(user), change)
          : await app.db.transaction((tx) => app.reposOf(tx).loyaltyCards.addPoints(card_id, cardScope(user), change));
      // Points are at least 1 here, so the balance cannot go negative.
      if (result === null || result === 'negative') throw notFound(MESSAGES.cardNotFound);
      if (result === 'over-limit') throw badRequest(POINTS_MESSAGES.balance(POINTS_BALANCE_MAX));
      if (result === 'stamps') throw badRequest(REWARD_MESSAGES.stampsWholeNumbers);
      if (result === 'key-reused') throw new HttpError(422, REWARD_MESSAGES.keyReused);
      if (result.replayed) reply.header('idempotent-replay', 'true');
      return { message: MESSAGES.pointsAdded, card_id, points: result.balance, entry: result.entry };
    },
  );
};

export default qrcodeRoutes;
