import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { MESSAGES } from '../messages';
import { bearerAuth, errorResponses, idParamsSchema, messageSchema } from '../schemas/common';
import {
  cardDetailSchema,
  cardListQuerySchema,
  cardPageSchema,
  cardStatsSchema,
  ledgerEntrySchema,
  loyaltyCardSchema,
  pointsBodySchema,
  pointsResultSchema,
  toLoyaltyCardResponse,
} from '../schemas/loyalty-cards';
import { fastSerializerCompiler } from '../serialization';
import { cardScope, ownerScope } from '../services/card-scope';

const loyaltyCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireRole('admin', 'super_admin')];

  app.get(
    '/business/:id',
    {
      onRequest: adminOnly,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Carte fedeltà di un’azienda',
        description:
          'Dalla più recente. Senza `limit`/`offset` la risposta è la lista completa (array); con uno dei due è una pagina `{ items, total, nextOffset }`. `q`, `status` e `min_points` filtrano in entrambi i casi.',
        security: bearerAuth,
        params: idParamsSchema,
        querystring: cardListQuerySchema,
        response: { 200: z.union([z.array(loyaltyCardSchema), cardPageSchema]), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { limit, offset, q, status, min_points } = request.query;
      const filter = { q: q || undefined, status, minPoints: min_points };
      if (limit === undefined && offset === undefined) {
        await app.authorizeBusiness(request.user!, request.params.id);
        return (await app.repos.loyaltyCards.listByBusiness(request.params.id, filter)).map(toLoyaltyCardResponse);
      }
      const page = { limit: limit ?? 50, offset: offset ?? 0 };
      // The business check runs inside the page's statement (same rule and 404 as authorizeBusiness).
      const result = await app.repos.loyaltyCards.pageInScope(request.params.id, ownerScope(request.user!), { ...filter, ...page });
      if (!result) throw notFound(MESSAGES.businessNotFound);
      const { items, total } = result;
      const next = page.offset + items.length;
      return { items: items.map(toLoyaltyCardResponse), total, nextOffset: next < total ? next : null };
    },
  );

  app.get(
    '/business/:id/stats',
    {
      onRequest: adminOnly,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Statistiche della panoramica di un’azienda',
        description: 'Riquadri (totali, attive, media), fasce di punti e ultimi 6 mesi, calcolati nel database.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: cardStatsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // The business check runs inside the statement (same rule and 404 as authorizeBusiness).
      const stats = await app.repos.loyaltyCards.statsInScope(request.params.id, ownerScope(request.user!), app.clock());
      if (!stats) throw notFound(MESSAGES.businessNotFound);
      return stats;
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Una carta fedeltà',
        description: 'Admin: carte delle proprie aziende; cliente: le proprie; super admin: tutte.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: cardDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const card = await app.repos.loyaltyCards.findInScope(request.params.id, cardScope(request.user!));
      if (!card) throw notFound(MESSAGES.cardNotFound);
      return { ...toLoyaltyCardResponse(card), business_name: card.business_name };
    },
  );

  app.get(
    '/:id/ledger',
    {
      onRequest: app.authenticate,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Movimenti punti di una carta',
        description: 'Dal più recente. Stesse regole di accesso di `GET /loyalty-cards/{id}`.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(ledgerEntrySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const card = await app.repos.loyaltyCards.findInScope(request.params.id, cardScope(request.user!));
      if (!card) throw notFound(MESSAGES.cardNotFound);
      return app.repos.loyaltyCards.ledger(card.id);
    },
  );

  app.post(
    '/:id/points',
    {
      onRequest: adminOnly,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Aggiunge o toglie punti',
        description: 'Una transazione: riga nel registro dei movimenti e nuovo saldo. Il saldo non scende sotto zero.',
        security: bearerAuth,
        params: idParamsSchema,
        body: pointsBodySchema,
        response: { 200: pointsResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { points, description } = request.body;
      // One statement: the balance and the ledger row together (see addPoints).
      const result = await app.repos.loyaltyCards.addPoints(request.params.id, cardScope(user), { points, description, authorId: user.id });
      if (result === null) throw notFound(MESSAGES.cardNotFound);
      if (result === 'negative') throw badRequest(MESSAGES.insufficientPoints);
      return { message: MESSAGES.pointsUpdated, card_id: request.params.id, points: result.balance, entry: result.entry };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Elimina una carta',
        description: 'Con il suo registro dei movimenti.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await app.repos.loyaltyCards.deleteInScope(request.params.id, cardScope(request.user!)))) throw notFound(MESSAGES.cardNotFound);
      return { message: MESSAGES.cardDeleted };
    },
  );
};

export default loyaltyCardRoutes;
