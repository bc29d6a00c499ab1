/**
 * User management (decision 071), under /api/accounts: the super admin for every account, an owner for the
 * people of their shops (`usersManageableBy`). Every change is one transaction with its audit row; a change of
 * what a session stands for (role, disabled, deleted) bumps the user's token version and forgets the user in
 * every instance's session cache (decision 053), so their open sessions end at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { bearerAuth, errorResponses, messageSchema } from '../../schemas/common';
import type { Role, UserRecord } from '../../lib/principal';
import { createUsersRepository } from '../users/repository';
import { ACCOUNT_MESSAGES } from './messages';
import { createAccountsRepository, type AuditAction, type ManagedUser } from './repository';
import { accountIdParamsSchema, auditEventSchema, managedUserSchema, roleBodySchema, shopsBodySchema } from './schemas';

/** The roles a principal may give: an owner admin or staff (of their own shops: decision 070); the super admin any. */
const ASSIGNABLE: Record<'admin' | 'super_admin', readonly Role[]> = { admin: ['admin', 'staff'], super_admin: ['client', 'staff', 'admin', 'super_admin'] };

const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = [app.authenticate, app.requireRole('admin', 'super_admin')];

  /** Runs `change` on the target in a transaction with its audit row; 404 when the target is not the actor's to manage. */
  async function change(
    actor: UserRecord,
    id: string,
    action: AuditAction,
    apply: (target: ManagedUser, tx: ReturnType<typeof createAccountsRepository>, users: ReturnType<typeof createUsersRepository>) => Promise<string | null | void>,
    endsSessions: boolean,
  ): Promise<void> {
    await app.db.transaction(async (tx) => {
      const accounts = createAccountsRepository(tx);
      const target = await accounts.findManageable(actor, id);
      if (!target) throw notFound(MESSAGES.userNotFound);
      const users = createUsersRepository(tx);
      const detail = await apply(target, accounts, users);
      if (endsSessions && action !== 'deleted') await users.bumpTokenVersion(target.id);
      await accounts.record({ actor, action, target, detail: detail ?? null, at: app.clock() });
    });
    if (endsSessions) app.sessions.forgetUser(id);
  }

  app.get(
    '',
    {
      onRequest: managers,
      schema: {
        tags: ['accounts'],
        summary: 'Utenti che chi chiede può gestire',
        description: 'Super admin: tutti gli altri account. Admin: gli admin dei suoi negozi che non sono titolari di un negozio.',
        security: bearerAuth,
        response: { 200: z.array(managedUserSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => createAccountsRepository(app.db).listManageable(request.user!),
  );

  app.get(
    '/audit',
    {
      onRequest: [app.authenticate, app.requireRole('super_admin')],
      schema: {
        tags: ['accounts'],
        summary: 'Registro delle modifiche agli utenti (ultime 200)',
        security: bearerAuth,
        response: { 200: z.array(auditEventSchema), ...errorResponses(401, 403) },
      },
    },
    async () => createAccountsRepository(app.db).auditEvents(),
  );

  app.put(
    '/:id/role',
    {
      onRequest: managers,
      schema: {
        tags: ['accounts'],
        summary: 'Cambia il ruolo di un utente',
        description: 'Un admin può assegnare solo il ruolo admin; il super admin qualunque ruolo. Le sessioni dell’utente si chiudono. 404 per un utente non gestibile.',
        security: bearerAuth,
        params: accountIdParamsSchema,
        body: roleBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.user!;
      if (!ASSIGNABLE[actor.role as 'admin' | 'super_admin'].includes(request.body.role)) throw badRequest(ACCOUNT_MESSAGES.roleNotAllowed);
      await change(actor, request.params.id, 'role_changed', async (target, accounts) => {
        await accounts.setRole(target.id, request.body.role);
        return `${target.role} → ${request.body.role}`;
      }, true);
      return { message: ACCOUNT_MESSAGES.roleChanged };
    },
  );

  app.put(
    '/:id/shops',
    {
      onRequest: managers,
      schema: {
        tags: ['accounts'],
        summary: 'Cambia i negozi di un collega',
        description:
          'Per un amministratore o un operatore di cassa: i negozi scelti (tutti gestiti da chi chiede; uno altrui: 404 come uno inesistente) ' +
          'sostituiscono quelli di chi chiede; i negozi di altri titolari restano. Le sessioni dell’utente si chiudono. ' +
          '400 per un cliente o un super admin; 404 per un utente non gestibile.',
        security: bearerAuth,
        params: accountIdParamsSchema,
        body: shopsBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.user!;
      const businessIds = [...new Set(request.body.business_ids)];
      for (const id of businessIds) await app.authorizeBusiness(actor, id);
      await change(actor, request.params.id, 'shops_changed', async (target, accounts) => {
        if (target.role !== 'admin' && target.role !== 'staff') throw badRequest(ACCOUNT_MESSAGES.shopsOnlyForColleagues);
        const names = await accounts.setShops(target, businessIds, actor.role === 'super_admin' ? null : actor.id);
        return names.join(', ');
      }, true);
      return { message: ACCOUNT_MESSAGES.shopsChanged };
    },
  );

  for (const [path, disabled] of [['/:id/disable', true], ['/:id/enable', false]] as const) {
    app.post(
      path,
      {
        onRequest: managers,
        schema: {
          tags: ['accounts'],
          summary: disabled ? 'Disattiva un utente' : 'Riattiva un utente',
          description: disabled
            ? 'Non può più accedere e le sue sessioni si chiudono subito su ogni istanza. 404 per un utente non gestibile.'
            : 'Può di nuovo accedere con la sua password. 404 per un utente non gestibile.',
          security: bearerAuth,
          params: accountIdParamsSchema,
          response: { 200: messageSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await change(request.user!, request.params.id, disabled ? 'disabled' : 'enabled', async (target, accounts) => {
          await accounts.setDisabled(target.id, disabled ? app.clock() : null);
        }, disabled);
        return { message: disabled ? ACCOUNT_MESSAGES.userDisabled : ACCOUNT_MESSAGES.userEnabled };
      },
    );
  }

  app.delete(
    '/:id',
    {
      onRequest: managers,
      schema: {
        tags: ['accounts'],
        summary: 'Elimina un utente',
        description:
          'Le righe del registro punti che ha scritto conservano il suo nome. 409 se è titolare di un’azienda; 404 per un utente non gestibile.',
        security: bearerAuth,
        params: accountIdParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await change(request.user!, request.params.id, 'deleted', async (target, accounts) => {
        if (await accounts.ownsBusinesses(target.id)) throw new HttpError(409, ACCOUNT_MESSAGES.ownsBusinesses);
        await accounts.deleteUser(target.id);
        return target.full_name;
      }, true);
      return { message: ACCOUNT_MESSAGES.userDeleted };
    },
  );

  app.post(
    '/:id/reset-link',
    {
      onRequest: managers,
      schema: {
        tags: ['accounts'],
        summary: 'Invia all’utente un link per reimpostare la password',
        description:
          'Il link parte solo verso l’indirizzo dell’utente, come per «Password dimenticata?»; chi lo chiede non lo vede mai. ' +
          '400 per un cliente o un utente disattivato; 404 per un utente non gestibile.',
        security: bearerAuth,
        params: accountIdParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      let target: ManagedUser | null = null;
      await change(request.user!, request.params.id, 'reset_link_sent', async (found) => {
        if (found.role === 'client' || found.disabled) throw badRequest(ACCOUNT_MESSAGES.notResettable);
        target = found;
      }, false);
      await app.accounts.sendResetLink(target!);
      return { message: ACCOUNT_MESSAGES.resetLinkSent };
    },
  );
};

export default managementRoutes;
