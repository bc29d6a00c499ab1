import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import type { BusinessRecord } from './repository';
import { adminIdParamsSchema, businessSchema, createBusinessBodySchema, publicBusinessSchema } from './schemas';
import { bearerAuth, errorResponses, idParamsSchema } from '../../schemas/common';
import { adminSchema } from '../users/schemas';

const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['business'],
        summary: 'Aziende utilizzabili dall’utente',
        description: 'Admin: le proprie e quelle di cui è co-amministratore; operatore di cassa: quelle in cui lavora; super admin: tutte; cliente: quelle delle sue carte. In ordine di creazione.',
        security: bearerAuth,
        response: { 200: z.array(businessSchema), ...errorResponses(401) },
      },
    },
    async (request): Promise<BusinessRecord[]> => {
      const user = request.user!;
      const { businesses } = app.repos;
      if (user.role === 'super_admin') return businesses.listAll();
      if (user.role === 'admin' || user.role === 'staff') return businesses.listUsableBy(user.id);
      return businesses.listForCardHolder(user.id);
    },
  );

  app.post(
    '',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['business'],
        summary: 'Crea un’azienda',
        description: 'L’azienda appartiene a chi la crea. Solo il nome è obbligatorio; email, se data, deve essere valida. I servizi partono disattivati.',
        security: bearerAuth,
        body: createBusinessBodySchema,
        response: { 201: businessSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await app.repos.businesses.create(request.body, request.user!.id)),
  );

  app.get(
    '/admins',
    {
      onRequest: [app.authenticate, app.requireRole('super_admin')],
      schema: {
        tags: ['business'],
        summary: 'Admin della piattaforma (super admin)',
        description: 'In ordine di creazione, ciascuno con il numero delle sue aziende.',
        security: bearerAuth,
        response: { 200: z.array(adminSchema), ...errorResponses(401, 403) },
      },
    },
    async () => app.repos.users.listAdmins(),
  );

  app.get(
    '/admins/:adminId/businesses',
    {
      onRequest: [app.authenticate, app.requireRole('super_admin')],
      schema: {
        tags: ['business'],
        summary: 'Aziende di un admin (super admin)',
        security: bearerAuth,
        params: adminIdParamsSchema,
        response: { 200: z.array(businessSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await app.repos.users.findById(request.params.adminId);
      if (!admin || admin.role !== 'admin') throw notFound(MESSAGES.userNotFound);
      return app.repos.businesses.listOwnedBy(admin.id);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['business'],
        summary: 'Dati pubblici di un’azienda (pagina di adesione)',
        description: 'Pubblica. Lista con un elemento, o vuota se l’azienda non esiste.',
        params: idParamsSchema,
        response: { 200: z.array(publicBusinessSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const business = await app.repos.businesses.findPublic(request.params.id);
      return business ? [business] : [];
    },
  );
};

export default businessRoutes;
