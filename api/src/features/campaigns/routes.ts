import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { campaignSchema, createCampaignBodySchema } from './schemas';
import { bearerAuth, errorResponses, idParamsSchema, messageSchema } from '../../schemas/common';
import { ownerScope } from '../cards/card-scope';

const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business/:id',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['campaigns'],
        summary: 'Campagne di un’azienda',
        description: 'Dalla più recente.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(campaignSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      return app.repos.campaigns.listByBusiness(request.params.id);
    },
  );

  app.post(
    '',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['campaigns'],
        summary: 'Crea una campagna',
        description:
          'Solo `businessId` e `name` obbligatori; stato predefinito draft. I canali ripetuti contano una volta. ' +
          'Destinatari: `segment` (parte delle carte dell’azienda, risolta a ogni invio; carte di altre aziende ignorate) oppure `recipients` (lista di contatti).',
        security: bearerAuth,
        body: createCampaignBodySchema,
        response: { 201: campaignSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await app.authorizeBusiness(request.user!, body.businessId);
      const campaign = await app.repos.campaigns.create({
        business_id: body.businessId,
        name: body.name,
        subject: body.subject || null,
        description: body.description ?? '',
        status: body.status,
        targets: body.targets,
        recipients: (body.recipients ?? []).map((r) => ({
          ...(r.customer_name ? { customer_name: r.customer_name } : {}),
          customer_phone: r.customer_phone ?? null,
          email: r.email ?? null,
        })),
        channels: [...new Set(body.channels)],
        segment: body.segment ?? null,
        created_by: request.user!.id,
      });
      return reply.code(201).send(campaign);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['campaigns'],
        summary: 'Elimina una campagna',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await app.repos.campaigns.deleteInScope(request.params.id, ownerScope(request.user!)))) throw notFound(MESSAGES.campaignNotFound);
      return { message: MESSAGES.campaignDeleted };
    },
  );
};

export default campaignRoutes;
