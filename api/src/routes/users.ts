import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { fieldRequired, MESSAGES } from '../messages';
import { createRepositories } from '../repositories';
import { bearerAuth, errorResponses } from '../schemas/common';
import { cardSignupBodySchema, cardSignupResponseSchema } from '../schemas/loyalty-cards';
import { createdUserSchema, createUserBodySchema, userListItemSchema, usersQuerySchema } from '../schemas/users';
import { addPointsLink, qrCodeDataUrl } from '../services/qrcode';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['users'],
        summary: 'Utenti',
        description: 'Admin: i titolari di una carta della propria azienda `business_id` (obbligatorio). Super admin: tutti, o quelli di `business_id`.',
        security: bearerAuth,
        querystring: usersQuerySchema,
        response: { 200: z.array(userListItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = request.user!;
      const businessId = request.query.business_id;
      if (user.role === 'admin' && !businessId) throw badRequest(fieldRequired('business_id'));
      if (businessId) await app.authorizeBusiness(user, businessId);
      return app.repos.users.list({ businessId });
    },
  );

  app.post(
    '',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['users'],
        summary: 'Crea un utente',
        description:
          'Un cliente è legato a un’azienda propria (`business_id`, obbligatorio) e riceve subito la sua carta: la risposta porta `qrCode`, il QR del link per aggiungere punti. ' +
          'Un admin può creare clienti e admin; la password si imposta solo quando un super admin crea un admin (almeno 8 caratteri). 409 se l’email è già registrata.',
        security: bearerAuth,
        body: createUserBodySchema,
        response: { 201: createdUserSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const actor = request.user!;
      const body = request.body;
      const wantsPassword = body.password !== undefined && body.password !== '';
      if (wantsPassword && !(actor.role === 'super_admin' && body.role === 'admin')) throw forbidden();
      if (body.role === 'admin' && actor.role === 'super_admin' && (!wantsPassword || body.password!.length < 8)) {
        throw badRequest(MESSAGES.passwordRequiredForAdmin);
      }
      if (body.role === 'client' && !body.business_id) throw badRequest(MESSAGES.selectBusinessForClient);
      if (body.business_id) await app.authorizeBusiness(actor, body.business_id);
      const passwordHash = wantsPassword ? await app.passwords.hash(body.password!, request.ip) : null;

      const created = await app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        if (await repos.users.findByEmail(body.email)) throw new HttpError(409, MESSAGES.emailTaken);
        const user = await repos.users.create({
          email: body.email,
          full_name: body.full_name,
          role: body.role,
          phone: body.phone ?? null,
          business_id: body.business_id ?? null,
          password_hash: passwordHash,
        });
        if (body.role !== 'client') return { user, card: null };
        const { card } = await repos.loyaltyCards.findOrCreate({
          business_id: body.business_id!,
          user_id: user.id,
          customer_name: user.full_name,
          customer_phone: user.phone,
          email: user.email,
          privacy_ack: false,
          marketing_consent: false,
        });
        return { user, card };
      });
      const qrCode = created.card ? await qrCodeDataUrl(addPointsLink(app.config.dashboardBaseUrl, created.card.id, created.user.id)) : null;
      return reply.code(201).send({ ...created.user, card_id: created.card?.id ?? null, qrCode, message: MESSAGES.userCreated });
    },
  );

  app.post(
    '/loyalty-cards/create',
    {
      config: { rateLimit: { max: app.config.signupRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Adesione pubblica: crea (o ritrova) la carta fedeltà di un cliente',
        description:
          'Pubblica, senza accesso. Crea il cliente (per email) e la sua carta nell’azienda; la stessa email nella stessa azienda riceve la stessa carta. ' +
          '`privacy_ack` deve essere true; `marketing_consent` facoltativo (false). 404 se l’azienda non esiste; limite di richieste per IP (429).',
        body: cardSignupBodySchema,
        response: { 200: cardSignupResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        const business = await repos.businesses.findPublic(body.business_id);
        if (!business) throw notFound(MESSAGES.businessNotFound);
        const user = await repos.users.findOrCreateClient({ email: body.email, full_name: body.full_name, phone: body.phone, business_id: business.id });
        const { card } = await repos.loyaltyCards.findOrCreate({
          business_id: business.id,
          user_id: user.id,
          customer_name: body.full_name,
          customer_phone: body.phone,
          email: body.email,
          privacy_ack: true,
          marketing_consent: body.marketing_consent,
        });
        return { id: card.id, user_id: user.id, business_name: business.name, card_number: card.card_number };
      });
    },
  );
};

export default userRoutes;
