import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../errors';
import { MESSAGES } from '../messages';
import { businessIdParamsSchema, businessSchema, updateSettingsBodySchema } from '../schemas/businesses';
import { bearerAuth, errorResponses } from '../schemas/common';

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
};

export default settingsRoutes;
