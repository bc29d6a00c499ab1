import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../errors';
import { bonusConfirmQuestion, MESSAGES } from '../../messages';
import { createBonusRepository } from './bonus-repository';
import {
  bonusPreviewQuerySchema,
  bonusPreviewSchema,
  bonusThresholdBodySchema,
  bonusThresholdSavedSchema,
  businessIdParamsSchema,
  businessSchema,
  updateSettingsBodySchema,
} from './schemas';
import { bearerAuth, errorResponses } from '../../schemas/common';

const FLAGS = ['whatsapp_enabled', 'sms_enabled', 'email_enabled'] as const;

/** Per-business settings: the business record, with the service switches only a super admin may change. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, app.requireRole('admin', 'super_admin')];

  app.get(
    '/:businessId',
    {
      onRequest,
      schema: {
        tags: ['settings'],
        summary: 'Impostazioni di un’azienda',
        description: 'I dati dell’azienda con i servizi abilitati (0/1).',
        security: bearerAuth,
        params: businessIdParamsSchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.businessId);
      const business = await app.repos.businesses.findById(request.params.businessId);
      if (!business) throw notFound(MESSAGES.businessNotFound);
      return business;
    },
  );

  app.put(
    '/:businessId',
    {
      onRequest,
      schema: {
        tags: ['settings'],
        summary: 'Modifica le impostazioni di un’azienda',
        description:
          'Campi facoltativi: quelli assenti restano invariati. `whatsapp_enabled`, `sms_enabled`, `email_enabled` (0/1) li cambia solo il super admin: ' +
          'un admin che li modifica riceve 403 (inviarli invariati è ammesso).',
        security: bearerAuth,
        params: businessIdParamsSchema,
        body: updateSettingsBodySchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { businessId } = request.params;
      await app.authorizeBusiness(user, businessId);
      const current = await app.repos.businesses.findById(businessId);
      if (!current) throw notFound(MESSAGES.businessNotFound);
      if (user.role !== 'super_admin' && FLAGS.some((flag) => request.body[flag] !== undefined && request.body[flag] !== current[flag])) {
        throw new HttpError(403, MESSAGES.flagsSuperAdminOnly);
      }
      const updated = await app.repos.businesses.update(businessId, request.body);
      if (!updated) throw notFound(MESSAGES.businessNotFound);
      return updated;
    },
  );

  // Bonus — the threshold is changed only here, never silently (docs/decisions/021-bonus-on-the-server.md).
  app.get(
    '/:businessId/bonus-preview',
    {
      onRequest,
      schema: {
        tags: ['settings'],
        summary: 'Anteprima di un cambio della soglia bonus',
        description:
          'Quanti WhatsApp bonus partirebbero adesso con questa soglia (uno per ogni carta che raggiunge un multiplo nuovo: il più alto, anche se ne supera più d’uno) e quante carte ne raggiungono uno. ' +
          'Con WhatsApp non abilitato `messages` è 0: i multipli sono solo registrati.',
        security: bearerAuth,
        params: businessIdParamsSchema,
        querystring: bonusPreviewQuerySchema,
        response: { 200: bonusPreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.params;
      await app.authorizeBusiness(request.user!, businessId);
      const business = await app.repos.businesses.findById(businessId);
      if (!business) throw notFound(MESSAGES.businessNotFound);
      const { threshold } = request.query;
      return { threshold, ...(await app.repos.bonus.preview(businessId, threshold)), whatsapp_enabled: business.whatsapp_enabled };
    },
  );

  app.put(
    '/:businessId/bonus-threshold',
    {
      onRequest,
      schema: {
        tags: ['settings'],
        summary: 'Cambia la soglia bonus',
        description:
          'In una transazione: la nuova soglia, i multipli nuovi di ogni carta registrati e i loro WhatsApp in coda. Se ne partirebbero ' +
          '(`messages` > 0) serve `confirm_messages` uguale a quel numero, altrimenti 409 con la domanda da porre (nulla cambia); senza messaggi salva e basta.',
        security: bearerAuth,
        params: businessIdParamsSchema,
        body: bonusThresholdBodySchema,
        response: { 200: bonusThresholdSavedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { businessId } = request.params;
      const { threshold, confirm_messages } = request.body;
      await app.authorizeBusiness(request.user!, businessId);
      const saved = await app.db.transaction(async (tx) => {
        const bonus = createBonusRepository(tx);
        const business = await bonus.setThreshold(businessId, threshold);
        if (!business) throw notFound(MESSAGES.businessNotFound);
        const preview = await bonus.preview(businessId, threshold);
        // Never sends what the person did not see: a different count (cards changed since) asks again.
        if (preview.messages > 0 && confirm_messages !== preview.messages) throw new HttpError(409, bonusConfirmQuestion(preview.messages));
        return { ...(await bonus.record(businessId, threshold)), whatsapp_enabled: business.whatsapp_enabled };
      });
      if (saved.messages > 0) app.messaging.worker.wake();
      request.log.info({ businessId, threshold, ...saved }, 'bonus threshold changed');
      return { message: MESSAGES.bonusThresholdSaved, threshold, ...saved };
    },
  );
};

export default settingsRoutes;
