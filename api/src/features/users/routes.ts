import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { FIELD_LABELS, fieldRequired, MESSAGES } from '../../messages';
import { canonicalChannels } from '../messaging/types';
import { italianDay } from '../rewards/repository';
import { bearerAuth, errorResponses } from '../../schemas/common';
import { cardSignupAnswerSchema, cardSignupBodySchema, signupMarketingChannels } from '../cards/schemas';
import { createdUserSchema, createUserBodySchema, userListItemSchema, usersQuerySchema } from './schemas';
import { myCardLink, resendCard, welcomeCard } from '../cards/card-resend';
import { cardFace, enrolClient, provesCardHolder } from '../cards/client-cards';
import { createDatabaseAdmission } from '../../lib/hashing-queue';
import { addPointsLink, qrCodeDataUrl } from '../cards/qrcode';
import { cardWalletLinks } from '../wallet/plugin';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public signups' transactions take turns (a flood from many addresses; see createDatabaseAdmission).
  const signupAdmission = createDatabaseAdmission(app.db.kind);
  app.get(
    '',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['users'],
        summary: 'Utenti',
        description:
          'Con `business_id` (obbligatorio per un admin, di una sua azienda): i titolari di una carta di quell’azienda come li conosce l’azienda, ' +
          'cioè nome, telefono, email e data dalla sua carta, `business_id` = quell’azienda, ruolo client; mai i dati che il cliente ha dato a un’altra azienda. ' +
          'Super admin senza `business_id`: tutti gli account, con i loro dati.',
        security: bearerAuth,
        querystring: usersQuerySchema,
        response: { 200: z.array(userListItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = request.user!;
      const businessId = request.query.business_id;
      if (user.role === 'admin' && !businessId) throw badRequest(fieldRequired(FIELD_LABELS.business_id));
      if (!businessId) return app.repos.users.list();
      await app.authorizeBusiness(user, businessId);
      return app.repos.users.listCardHolders(businessId);
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
          'Nome, telefono ed email della risposta sono quelli della carta di questa azienda. Un cliente già registrato altrove riceve la carta di questa azienda come uno nuovo ' +
          '(i dati dell’altra azienda non si leggono né si cambiano); 409 se ha già una carta in questa azienda o se l’email è di un admin. ' +
          'Un admin crea clienti; un collega lo invita (POST /api/team/invitations, decisione 070: 400 qui). Solo il super admin crea un admin, con la password (almeno 8 caratteri). ' +
          'Admin con email già in uso: 409, che al super admin dice che l’email è registrata e a un admin non dice di chi è.',
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
      // Decision 070: an admin's colleague is invited (POST /api/team/invitations); an account without a password could never log in.
      if (body.role === 'admin' && actor.role !== 'super_admin') throw badRequest(MESSAGES.colleagueByInvitation);
      if (body.role === 'client' && !body.business_id) throw badRequest(MESSAGES.selectBusinessForClient);
      if (body.business_id) await app.authorizeBusiness(actor, body.business_id);

      if (body.role === 'admin') {
        const passwordHash = wantsPassword ? await app.passwords.hash(body.password!, request.clientIp) : null;
        const user = await app.repos.users.create({
          email: body.email,
          full_name: body.full_name,
          role: 'admin',
          phone: body.phone ?? null,
          business_id: body.business_id ?? null,
          password_hash: passwordHash,
        });
        // The super admin sees every account anyway: it is told plainly. An admin must not learn who is
        // registered elsewhere, yet any refusal shows the address is in use (a 201 would be a lie, and
        // turning the existing account into this admin's colleague would hand the admin another shop's
        // customer), so it gets the least that can be said: one sentence, the same whether the address is a
        // client of any shop, an admin or the super admin, naming neither a role nor a business.
        if (!user) throw new HttpError(409, actor.role === 'super_admin' ? MESSAGES.emailTaken : MESSAGES.emailNotForNewAdmin);
        return reply.code(201).send({ ...user, card_id: null, qrCode: null, message: MESSAGES.userCreated });
      }

      const card = await app.db.transaction(async (tx) => {
        const enrolment = await enrolClient(app.reposOf(tx), {
          business_id: body.business_id!,
          email: body.email,
          full_name: body.full_name,
          phone: body.phone ?? null,
          privacy_ack: false,
          marketing_channels: canonicalChannels(body.marketing_channels ?? []),
          consent: { source: 'admin', actorUserId: actor.id, at: app.clock() },
        });
        if (enrolment.status === 'staff') throw new HttpError(409, MESSAGES.emailNotForClient);
        // A client known elsewhere gets this business's card like a new one; only a card here already refuses.
        if (!enrolment.created) throw new HttpError(409, MESSAGES.clientAlreadyHasCard);
        return { ...enrolment.card, user_id: enrolment.userId };
      });
      const qrCode = await qrCodeDataUrl(addPointsLink(app.config.dashboardBaseUrl, card.id, card.user_id));
      // The answer is this business's record (its card), never the account's own data from another shop.
      return reply.code(201).send({
        id: card.user_id,
        email: card.email ?? body.email,
        full_name: card.customer_name,
        role: 'client',
        phone: card.customer_phone,
        created_at: card.created_at,
        business_id: card.business_id,
        card_id: card.id,
        qrCode,
        message: MESSAGES.userCreated,
      });
    },
  );

  app.post(
    '/loyalty-cards/create',
    {
      config: { rateLimit: { max: app.config.signupRateLimitPerMinute, timeWindow: '1 minute' }, shedUnderPressure: true },
      schema: {
        tags: ['users'],
        summary: 'Adesione pubblica: crea (o ritrova) la carta fedeltà di un cliente',
        description:
          'Pubblica, senza accesso. Crea il cliente (per email) e la sua carta nell’azienda, con nome e telefono dati qui (la carta è il dato di questa azienda: ' +
          'un cliente già noto altrove riceve una carta nuova e nulla dei suoi altri dati cambia né si legge). Risponde con la carta se è nuova, ' +
          'o se esiste già ed email e telefono sono quelli della carta (telefoni confrontati in E.164: 333 1234567 e +39 333 123 4567 sono lo stesso numero; un numero non valido risponde 400 «Numero di telefono non valido»). ' +
          'Altrimenti, e per l’email di un admin, `{ status: "resent", business_name, message }` senza id né numero; la carta esistente viene inviata di nuovo ' +
          'al contatto registrato (vedi lo schema). `privacy_ack` deve essere true; consenso marketing facoltativo, per canale: `marketing_channels` (whatsapp, sms, email; nulla se assente) ' +
          'o, come prima, `marketing_consent` (true: tutti e tre; se ci sono entrambi devono coincidere, altrimenti 400). Il consenso vale solo per una carta nuova. 404 se l’azienda non esiste; ' +
          'limite di richieste per IP (429). Entrambe le risposte portano `my_card_url`, la pagina del cliente (`<DASHBOARD_BASE_URL>/my-card`). ' +
          'Una carta nuova riceve UN messaggio di benvenuto (numero della carta e link alla pagina del cliente) al contatto registrato: email, altrimenti WhatsApp o SMS, ' +
          'sui canali attivi dell’azienda, saltando chi ha chiesto STOP; nulla se nessun canale è attivo. La risposta non cambia in nessun caso.',
        body: cardSignupBodySchema,
        response: { 200: cardSignupAnswerSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    async (request) => {
      const body = request.body;
      const marketingChannels = signupMarketingChannels(body);
      if (!marketingChannels) throw badRequest(MESSAGES.marketingConsentMismatch);
      // The whole of a signup's database work takes its turn (the welcome and the wallet links write too).
      return signupAdmission.run(undefined, async () => {
        const { business, enrolment } = await app.db.transaction(async (tx) => {
          const repos = app.reposOf(tx);
          const found = await repos.businesses.findById(body.business_id);
          if (!found) throw notFound(MESSAGES.businessNotFound);
          const result = await enrolClient(repos, {
            business_id: found.id,
            email: body.email,
            full_name: body.full_name,
            phone: body.phone,
            privacy_ack: true,
            marketing_channels: marketingChannels,
            consent: { source: 'signup', actorUserId: null, at: app.clock() },
          });
          return { business: found, enrolment: result };
        });
        const myCardUrl = myCardLink(app.config.dashboardBaseUrl);
        if (enrolment.status === 'card' && (enrolment.created || provesCardHolder(enrolment.card, body))) {
          const { card } = enrolment;
          // Decision 051: a new card's welcome, queued once; it never changes this answer.
          if (enrolment.created) await welcomeCard(app, business, card);
          const nextRewardCost = await app.repos.rewards.nextRewardCost(business.id, card.points, italianDay(app.clock()));
          const wallet = await cardWalletLinks(app.wallet, card.id);
          return {
            ...cardFace({ ...card, business_name: business.name, loyalty_mode: business.loyalty_mode, brand_color: business.brand_color }),
            user_id: enrolment.userId,
            next_reward_cost: nextRewardCost,
            ...(wallet ? { wallet } : {}),
            my_card_url: myCardUrl,
          };
        }
        if (enrolment.status === 'card') await resendCard(app, business, enrolment.card);
        return { status: 'resent' as const, business_name: business.name, message: MESSAGES.signupResent, my_card_url: myCardUrl };
      });
    },
  );
};

export default userRoutes;
