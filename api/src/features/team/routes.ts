import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../errors';
import { normalizeEmail } from '../../lib/email';
import { createDatabaseAdmission } from '../../lib/hashing-queue';
import type { UserRecord } from '../../lib/principal';
import { bearerAuth, errorResponses, messageSchema } from '../../schemas/common';
import { enqueueMessage } from '../messaging/enqueue';
import { CREDENTIAL_PLACEHOLDER } from '../messaging/credentials';
import { createUsersRepository } from '../users/repository';
import { createAccountsRepository } from '../accounts/repository';
import { MEMBER_ROLE_LABELS, TEAM_MESSAGES } from './messages';
import { createTeamRepository, INVITATION_HOURS, invitationTokenHash, type InvitationChannel, type PendingInvitee } from './repository';
import { acceptAnswerSchema, acceptBodySchema, inviteAnswerSchema, inviteBodySchema, teamMemberSchema, userIdParamsSchema } from './schemas';

/** The credential kind of an invitation's message (decision 058: its token is issued when the message leaves). */
const CREDENTIAL_KIND = 'staff-invitation';

/** The businesses the actor's rule covers in SQL: null for the super admin (every business). */
const actorScope = (user: Pick<UserRecord, 'id' | 'role'>) => (user.role === 'super_admin' ? null : user.id);

/**
 * Queues the invitation's message for a (re)opened sending: one service e-mail through the first shop it
 * invites to, which must really deliver e-mail (a shop in test mode would put the link in a log the shop reads).
 */
async function sendInvitation(app: FastifyInstance, invitee: Omit<PendingInvitee, 'id'>, sendId: string) {
  const url = `${app.config.dashboardBaseUrl}/invito?token=${CREDENTIAL_PLACEHOLDER}`;
  await enqueueMessage(app.db, {
    businessId: invitee.business_id,
    cardId: null,
    // Decision 078: by WhatsApp or SMS to the colleague's phone where the invitation chose it.
    channel: invitee.channel,
    recipient: invitee.channel === 'email' ? normalizeEmail(invitee.email) : invitee.phone!,
    body: TEAM_MESSAGES.invitationText(invitee.business_name, MEMBER_ROLE_LABELS[invitee.role], url),
    idempotencyKey: `${CREDENTIAL_KIND}:${sendId}`,
    credential: `${CREDENTIAL_KIND}:${sendId}`,
  });
  app.messaging.worker.wake();
}

/** `/api/team`: the people who work in an owner's shops (decision 070). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = [app.authenticate, app.requireRole('admin', 'super_admin')];
  const team = () => createTeamRepository(app.db);

  // The token of a sending is made when its message leaves; only its hash is stored.
  app.messaging.credentials.register(CREDENTIAL_KIND, async (sendId) => {
    const token = randomBytes(32).toString('base64url');
    return (await team().issue(sendId, invitationTokenHash(token), app.clock())) ? token : null;
  });

  /** 409 unless the business really sends on the channel (the shop's service on, not in test mode). */
  async function checkSender(businessId: string, channel: InvitationChannel): Promise<void> {
    const business = await app.repos.businesses.findById(businessId);
    const enabled = business && business[`${channel}_enabled`] === 1;
    if (!enabled || !(await app.messaging.deliversCredentials(businessId, channel))) {
      throw new HttpError(409, channel === 'email' ? TEAM_MESSAGES.cannotSendEmail : TEAM_MESSAGES.cannotSendChannel(channel));
    }
  }

  app.get(
    '',
    {
      onRequest: managers,
      schema: {
        tags: ['team'],
        summary: 'Colleghi: co-amministratori e operatori di cassa',
        description:
          'Admin: le persone dei negozi che gestisce, ciascuna con i soli negozi di questo admin; super admin: tutte. `status` invited = «Invito inviato», expired = invito scaduto, active = ha scelto la password.',
        security: bearerAuth,
        response: { 200: z.array(teamMemberSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => team().list(actorScope(request.user!), app.clock()),
  );

  app.post(
    '/invitations',
    {
      onRequest: managers,
      schema: {
        tags: ['team'],
        summary: 'Invita un collega',
        description:
          `Crea l’utente senza password (ruolo admin o staff) nei negozi scelti, tutti gestiti da chi invita (un negozio altrui: 404 come uno inesistente), ` +
          `e mette in coda UN messaggio di servizio tramite il primo negozio (email, o WhatsApp/SMS al \`phone\` se \`channel\` lo chiede) con il link \`<DASHBOARD_BASE_URL>/invito?token=<token>\`: ` +
          `32 byte casuali creati all’invio, validi ${INVITATION_HOURS} ore, una sola volta; si conserva solo lo SHA-256 e i registri mostrano \`token=•••\`. ` +
          '400 senza `phone` per WhatsApp/SMS; 409 se l’indirizzo ha già un account (stessa frase per ogni account, nessun negozio nominato) o se il negozio non invia davvero su quel canale.',
        security: bearerAuth,
        body: inviteBodySchema,
        response: { 201: inviteAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = request.user!;
      const body = request.body;
      const businessIds = [...new Set(body.business_ids)];
      const channel = body.channel ?? 'email';
      if (channel !== 'email' && !body.phone) throw badRequest(TEAM_MESSAGES.phoneRequired);
      for (const id of businessIds) await app.authorizeBusiness(actor, id);
      // The address first (the same sentence for any account), then whether the shop can send the link.
      if (await app.repos.users.findByEmail(body.email)) throw new HttpError(409, TEAM_MESSAGES.emailHasAccount);
      await checkSender(businessIds[0], channel);
      const sendId = randomUUID();
      const created = await app.db.transaction(async (tx) => {
        const repo = createTeamRepository(tx);
        const user = await repo.createInvited({ email: body.email, full_name: body.full_name, role: body.role, business_ids: businessIds, phone: body.phone ?? null });
        if (user) {
          await repo.open(user.id, sendId, actor.id, app.clock(), channel);
          // Decision 078: the invitation is in the audit of user management.
          await createAccountsRepository(tx).record({ actor, action: 'invited', target: { id: user.id, email: normalizeEmail(body.email) }, detail: MEMBER_ROLE_LABELS[body.role], at: app.clock() });
        }
        return user;
      });
      if (!created) throw new HttpError(409, TEAM_MESSAGES.emailHasAccount);
      const pending = (await team().pendingInScope(created.id, null))!;
      await sendInvitation(app, pending, sendId);
      const member = (await team().list(actorScope(actor), app.clock())).find((m) => m.id === created.id)!;
      return reply.code(201).send({ message: TEAM_MESSAGES.invited, member });
    },
  );

  app.post(
    '/invitations/:userId/resend',
    {
      onRequest: managers,
      schema: {
        tags: ['team'],
        summary: 'Invia di nuovo un invito',
        description: `Un nuovo link, valido ${INVITATION_HOURS} ore; quello di prima non vale più da subito. 404 per un invito accettato, annullato o di negozi altrui.`,
        security: bearerAuth,
        params: userIdParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const pending = await team().pendingInScope(request.params.userId, actorScope(request.user!));
      if (!pending) throw notFound(TEAM_MESSAGES.invitationNotFound);
      await checkSender(pending.business_id, pending.channel);
      const sendId = randomUUID();
      await app.db.transaction(async (tx) => {
        await createTeamRepository(tx).open(pending.id, sendId, request.user!.id, app.clock());
        await createAccountsRepository(tx).record({ actor: request.user!, action: 'invitation_resent', target: pending, at: app.clock() });
      });
      await sendInvitation(app, pending, sendId);
      return { message: TEAM_MESSAGES.resent };
    },
  );

  app.delete(
    '/invitations/:userId',
    {
      onRequest: managers,
      schema: {
        tags: ['team'],
        summary: 'Annulla un invito',
        description: 'Il link non vale più e l’utente invitato (senza password) è eliminato. 404 per un invito già accettato o di negozi altrui.',
        security: bearerAuth,
        params: userIdParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const pending = await team().pendingInScope(request.params.userId, actorScope(request.user!));
      const cancelled =
        pending &&
        (await app.db.transaction(async (tx) => {
          if (!(await createTeamRepository(tx).deletePending(pending.id))) return false;
          await createAccountsRepository(tx).record({ actor: request.user!, action: 'invitation_cancelled', target: pending, at: app.clock() });
          return true;
        }));
      if (!pending || !cancelled) throw notFound(TEAM_MESSAGES.invitationNotFound);
      app.sessions.forgetUser(pending.id);
      return { message: TEAM_MESSAGES.cancelled };
    },
  );
};

/** `/api/invitations`: the invited person's side, public. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Acceptances' database work takes turns, like the logins' (the password hash goes through the hashing queue).
  const admission = createDatabaseAdmission(app.db.kind);
  const team = () => createTeamRepository(app.db);

  app.post(
    '/accept',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' }, shedUnderPressure: true },
      schema: {
        tags: ['team'],
        summary: 'Accetta un invito scegliendo la password',
        description:
          'Pubblica. Il `token` del link d’invito vale una volta sola, entro 72 ore dall’invio (o dall’ultimo «Invia di nuovo»); la password almeno 8 caratteri. ' +
          'Risponde come il login (token e utente): la persona entra subito. 400 per un link sconosciuto o falsificato, 410 per uno scaduto o già usato; nulla cambia. ' +
          'Limite di richieste per IP (429).',
        body: acceptBodySchema,
        response: { 200: acceptAnswerSchema, ...errorResponses(400, 410, 429, 503) },
      },
    },
    async (request) => {
      const hash = invitationTokenHash(request.body.token);
      const found = await team().find(hash, app.clock());
      if (found === 'unknown') throw badRequest(TEAM_MESSAGES.linkInvalid);
      if (found === 'expired') throw new HttpError(410, TEAM_MESSAGES.linkUsedOrExpired);
      // Only a real, current link costs a hash (through the hashing queue: the event loop stays free).
      const passwordHash = await app.passwords.hash(request.body.password, request.clientIp);
      const accepted = await admission.run(undefined, () =>
        app.db.transaction(async (tx) => {
          const userId = await createTeamRepository(tx).consume(hash, app.clock());
          if (!userId) return null;
          const users = createUsersRepository(tx);
          await users.setPasswordHash(userId, passwordHash);
          const version = (await users.bumpTokenVersion(userId))!;
          return { userId, version };
        }),
      );
      if (!accepted) throw new HttpError(410, TEAM_MESSAGES.linkUsedOrExpired);
      app.sessions.forgetUser(accepted.userId);
      const user = (await app.repos.users.findForSession(accepted.userId))!;
      const { token_version: _version, ...record } = user;
      return { message: TEAM_MESSAGES.accepted, token: await app.tokens.sign({ userId: record.id, role: record.role, version: accepted.version }), user: record };
    },
  );
};
