/**
 * The rewards catalogue and the program of a business (`/api/rewards`), and redemption at the
 * counter (`/api/loyalty-cards/{id}/rewards`, `/api/loyalty-cards/{id}/redeem`). See
 * docs/decisions/036-rewards-on-the-ledger.md.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../errors';
import { EARNING_MESSAGES, MESSAGES, REWARD_MESSAGES } from '../../messages';
import type { PromotionFields } from './promotions-repository';
import { createRewardsRepository, italianDay, rewardUnavailable, type RewardUnavailable } from './repository';
import { bearerAuth, errorResponses, idParamsSchema, messageSchema } from '../../schemas/common';
import {
  cardRewardsSchema,
  createPromotionBodySchema,
  createRewardBodySchema,
  promotionSchema,
  updatePromotionBodySchema,
  programSchema,
  redeemBodySchema,
  redeemHeadersSchema,
  redeemResultSchema,
  rewardDeletedSchema,
  rewardSchema,
  updateProgramBodySchema,
  updateRewardBodySchema,
} from './schemas';
import { cardInScope, ownerScope } from '../cards/card-scope';

/** What is wrong with a promotion as a whole (after a change is merged into it), or null. */
function promotionProblem(p: PromotionFields): string | null {
  if ((p.multiplier === null) === (p.bonus_points === null)) return EARNING_MESSAGES.promotionKind;
  if ((p.start_time === null) !== (p.end_time === null)) return EARNING_MESSAGES.hoursBoth;
  if (p.start_time && p.end_time && p.end_time <= p.start_time) return EARNING_MESSAGES.endTimeBeforeStart;
  if (p.starts_on && p.ends_on && p.ends_on < p.starts_on) return EARNING_MESSAGES.endDateBeforeStart;
  return null;
}

const UNAVAILABLE_MESSAGES: Record<RewardUnavailable, string> = {
  archived: REWARD_MESSAGES.rewardArchivedNotRedeemable,
  inactive: REWARD_MESSAGES.rewardInactive,
  'not-yet': REWARD_MESSAGES.rewardNotYetValid,
  expired: REWARD_MESSAGES.rewardExpired,
  'out-of-stock': REWARD_MESSAGES.rewardOutOfStock,
};

/** `/api/rewards`: the catalogue and the program. */
export const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireRole('admin', 'super_admin')];

  app.get(
    '/business/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Premi di un’azienda',
        description: 'Attivi e non attivi, senza gli archiviati; dal meno costoso, poi per nome.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(rewardSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      return app.repos.rewards.listByBusiness(request.params.id);
    },
  );

  app.post(
    '',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Crea un premio',
        description: '`businessId`, `name` e `cost` (punti o timbri, intero di almeno 1) obbligatori; attivo se non detto altrimenti.',
        security: bearerAuth,
        body: createRewardBodySchema,
        response: { 201: rewardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await app.authorizeBusiness(request.user!, body.businessId);
      const reward = await app.repos.rewards.create(body.businessId, {
        name: body.name,
        cost: body.cost,
        description: body.description ?? null,
        active: body.active ?? true,
        valid_from: body.valid_from ?? null,
        valid_until: body.valid_until ?? null,
        stock: body.stock ?? null,
      });
      return reply.code(201).send(reward);
    },
  );

  app.put(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Modifica un premio',
        description: 'Solo i campi dati; null toglie descrizione, date o limite di pezzi. Un premio archiviato non si modifica (404).',
        security: bearerAuth,
        params: idParamsSchema,
        body: updateRewardBodySchema,
        response: { 200: rewardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const ownerId = ownerScope(request.user!);
      const current = await app.repos.rewards.findInScope(request.params.id, ownerId);
      if (!current || current.archived) throw notFound(REWARD_MESSAGES.rewardNotFound);
      const body = request.body;
      const from = body.valid_from === undefined ? current.valid_from : body.valid_from;
      const until = body.valid_until === undefined ? current.valid_until : body.valid_until;
      if (from && until && from > until) throw badRequest(REWARD_MESSAGES.datesOutOfOrder);
      const updated = await app.repos.rewards.update(request.params.id, ownerId, body);
      if (!updated) throw notFound(REWARD_MESSAGES.rewardNotFound);
      return updated;
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Elimina un premio',
        description: 'Un premio già riscattato viene archiviato (il registro dei movimenti continua a nominarlo), gli altri eliminati.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: rewardDeletedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await app.repos.rewards.remove(request.params.id, ownerScope(request.user!));
      if (!result) throw notFound(REWARD_MESSAGES.rewardNotFound);
      return { message: result.archived ? REWARD_MESSAGES.rewardArchived : REWARD_MESSAGES.rewardDeleted, archived: result.archived };
    },
  );

  app.get(
    '/business/:id/program',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Programma fedeltà di un’azienda',
        description: 'Punti o timbri, scadenza dei punti con il suo preavviso, regalo di compleanno.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: programSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      const program = await app.repos.rewards.program(request.params.id);
      if (!program) throw notFound(MESSAGES.businessNotFound);
      return program;
    },
  );

  app.put(
    '/business/:id/program',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Modifica il programma fedeltà',
        description:
          'Solo i campi dati. Il passaggio ai timbri è rifiutato (400) finché una carta ha un saldo con decimali. ' +
          'Una nuova scadenza vale per i punti non ancora scaduti: ciascuno ha almeno l’intero nuovo periodo da ora.',
        security: bearerAuth,
        params: idParamsSchema,
        body: updateProgramBodySchema,
        response: { 200: programSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      const result = await app.repos.rewards.updateProgram(request.params.id, request.body, app.clock());
      if (result === null) throw notFound(MESSAGES.businessNotFound);
      if (result === 'fractional') throw badRequest(REWARD_MESSAGES.stampsFractionalBalances);
      return result;
    },
  );
};

/** `/api/rewards/…/promotions`: extra points for a period, days and hours (docs/decisions/075-points-from-the-sale.md). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireRole('admin', 'super_admin')];
  const promotionRules =
    'Esattamente uno tra `multiplier` (più di 1, al massimo 10) e `bonus_points` (1-10000); ore di inizio e fine insieme, la fine dopo l’inizio; la data di fine non prima dell’inizio. ' +
    'Tra le promozioni attive su una vendita contano il moltiplicatore migliore e la somma dei punti extra (al massimo 10.000): non si moltiplicano mai tra loro.';

  app.get(
    '/business/:id/promotions',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Promozioni di un’azienda',
        description: 'Dalla più vecchia.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(promotionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      return app.repos.promotions.listByBusiness(request.params.id);
    },
  );

  app.post(
    '/promotions',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Crea una promozione',
        description: promotionRules,
        security: bearerAuth,
        body: createPromotionBodySchema,
        response: { 201: promotionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId, ...body } = request.body;
      await app.authorizeBusiness(request.user!, businessId);
      const fields: PromotionFields = {
        name: body.name,
        multiplier: body.multiplier ?? null,
        bonus_points: body.bonus_points ?? null,
        starts_on: body.starts_on ?? null,
        ends_on: body.ends_on ?? null,
        weekdays: body.weekdays ? [...body.weekdays].sort((a, b) => a - b) : null,
        start_time: body.start_time ?? null,
        end_time: body.end_time ?? null,
        active: body.active ?? true,
      };
      const problem = promotionProblem(fields);
      if (problem) throw badRequest(problem);
      return reply.code(201).send(await app.repos.promotions.create(businessId, fields));
    },
  );

  app.put(
    '/promotions/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Modifica una promozione',
        description: `Solo i campi dati; null toglie date, giorni, orari (o il tipo da cambiare). ${promotionRules}`,
        security: bearerAuth,
        params: idParamsSchema,
        body: updatePromotionBodySchema,
        response: { 200: promotionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const ownerId = ownerScope(request.user!);
      const current = await app.repos.promotions.findInScope(request.params.id, ownerId);
      if (!current) throw notFound(EARNING_MESSAGES.promotionNotFound);
      const body = request.body;
      const pick = <K extends keyof PromotionFields>(key: K): PromotionFields[K] => (body[key] === undefined ? current[key] : (body[key] as PromotionFields[K]));
      const fields: PromotionFields = {
        name: pick('name'),
        multiplier: pick('multiplier'),
        bonus_points: pick('bonus_points'),
        starts_on: pick('starts_on'),
        ends_on: pick('ends_on'),
        weekdays: pick('weekdays') ? [...pick('weekdays')!].sort((a, b) => a - b) : null,
        start_time: pick('start_time'),
        end_time: pick('end_time'),
        active: pick('active'),
      };
      const problem = promotionProblem(fields);
      if (problem) throw badRequest(problem);
      const updated = await app.repos.promotions.update(request.params.id, ownerId, fields);
      if (!updated) throw notFound(EARNING_MESSAGES.promotionNotFound);
      return updated;
    },
  );

  app.delete(
    '/promotions/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rewards'],
        summary: 'Elimina una promozione',
        description: 'Le vendite già registrate ne conservano il nome nel registro.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await app.repos.promotions.remove(request.params.id, ownerScope(request.user!)))) throw notFound(EARNING_MESSAGES.promotionNotFound);
      return { message: EARNING_MESSAGES.promotionDeleted };
    },
  );
};

/** `/api/loyalty-cards/{id}/rewards` and `/redeem`: redemption at the counter. */
export const cardRewardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Decision 070: the counter's staff redeem too (the card's scope decides which cards).
  const counter = [app.authenticate, app.requireRole('staff', 'admin', 'super_admin')];

  app.get(
    '/:id/rewards',
    {
      onRequest: counter,
      schema: {
        tags: ['rewards'],
        summary: 'Premi riscattabili oggi da una carta',
        description:
          'Attivi, non archiviati, nelle loro date e non esauriti, dal meno costoso; `affordable` dice se il saldo ne copre il costo. Admin od operatore di cassa dell’azienda della carta.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: cardRewardsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const card = await cardInScope(app.repos.loyaltyCards, request.params.id, request.user!);
      const [rewards, program] = await Promise.all([app.repos.rewards.listByBusiness(card.business_id), app.repos.rewards.program(card.business_id)]);
      const today = italianDay(app.clock());
      return {
        balance: card.points,
        loyalty_mode: program!.loyalty_mode,
        rewards: rewards.filter((r) => rewardUnavailable(r, today) === null).map((r) => ({ ...r, affordable: card.points >= r.cost })),
      };
    },
  );

  app.post(
    '/:id/redeem',
    {
      onRequest: counter,
      schema: {
        tags: ['rewards'],
        summary: 'Riscatta un premio',
        description:
          'Toglie il costo del premio dal saldo e scrive la riga di riscatto nel registro, in un’unica istruzione che controlla il saldo: ' +
          'il saldo non scende mai sotto zero, anche con riscatti in parallelo. Mette in coda la ricevuta per il cliente (salvo STOP). ' +
          'Con l’intestazione facoltativa `Idempotency-Key` (una per invio, la stessa nei tentativi ripetuti) lo stesso invio ripetuto registra un solo riscatto, ' +
          'manda una sola ricevuta e riceve la stessa risposta (con l’intestazione `idempotent-replay: true`), anche se nel frattempo il premio è esaurito o il saldo è sceso. ' +
          'Una chiave che la carta ha già usato per un altro premio o un’altra operazione risponde 422 e non scrive nulla.',
        security: bearerAuth,
        params: idParamsSchema,
        headers: redeemHeadersSchema,
        body: redeemBodySchema,
        response: { 200: redeemResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const key = request.headers['idempotency-key'];
      const card = await cardInScope(app.repos.loyaltyCards, request.params.id, user);
      const reward = await app.repos.rewards.findInScope(request.body.reward_id, null);
      if (!reward || reward.business_id !== card.business_id) throw notFound(REWARD_MESSAGES.rewardNotFound);
      const now = app.clock();
      // With a key the repository checks the reward after the key's look-up: a redemption sent again answers as
      // the first did even when it took the last piece.
      const unavailable = key === undefined ? rewardUnavailable(reward, italianDay(now)) : null;
      if (unavailable) throw badRequest(UNAVAILABLE_MESSAGES[unavailable]);
      const mode = (await app.repos.rewards.program(card.business_id))!.loyalty_mode;
      const result = await app.db.transaction(async (tx) => {
        const outcome = await createRewardsRepository(tx).redeem(card.id, reward, {
          authorId: user.id,
          at: now,
          today: italianDay(now),
          receipt: (balance) => REWARD_MESSAGES.receipt(reward.name, balance, mode),
          key,
        });
        // Thrown inside: the transaction rolls back the piece of stock taken.
        if (outcome === 'insufficient') throw badRequest(mode === 'stamps' ? REWARD_MESSAGES.insufficientStamps : REWARD_MESSAGES.insufficientPoints);
        if (outcome === 'key-reused') throw new HttpError(422, REWARD_MESSAGES.keyReused);
        if (typeof outcome === 'string') throw badRequest(UNAVAILABLE_MESSAGES[outcome]);
        return outcome;
      });
      if (result.replayed) reply.header('idempotent-replay', 'true');
      else app.messaging.worker.wake();
      return { message: REWARD_MESSAGES.redeemed, card_id: card.id, points: result.balance, entry: result.entry };
    },
  );
};
