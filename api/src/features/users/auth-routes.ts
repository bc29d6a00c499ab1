import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, unauthorized } from '../../errors';
import { MESSAGES } from '../../messages';
import { createUsersRepository } from './repository';
import { bearerAuth, errorResponses } from '../../schemas/common';
import { changePasswordBodySchema, changePasswordResponseSchema, loginBodySchema, loginResponseSchema, userSchema } from './schemas';
import { fastSerializerCompiler } from '../../serialization';
import { createDatabaseAdmission } from '../../lib/hashing-queue';
import { createLoginService } from './login';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginService = createLoginService({
    users: app.repos.users,
    loginAttempts: app.repos.loginAttempts,
    admission: createDatabaseAdmission(app.db.kind),
    passwords: app.passwords,
    tokens: app.tokens,
    clock: app.clock,
    publishedPasswordsWork: app.config.localTryOut,
  });

  app.post(
    '/login',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Accesso con email e password',
        description: '3 tentativi errati per lo stesso indirizzo bloccano l’accesso per 5 minuti (429). Un account disattivato risponde 403 con la password giusta.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const outcome = await loginService.login(request.body.email, request.body.password, request.clientIp);
      if (outcome.status === 'locked') throw new HttpError(429, MESSAGES.loginLocked);
      if (outcome.status === 'invalid') throw unauthorized(MESSAGES.invalidCredentials);
      if (outcome.status === 'disabled') throw new HttpError(403, MESSAGES.accountDisabled);
      return { token: outcome.token, user: outcome.user };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      serializerCompiler: fastSerializerCompiler,
      schema: { tags: ['auth'], summary: 'Utente della sessione', security: bearerAuth, response: { 200: userSchema, ...errorResponses(401) } },
    },
    async (request) => request.user!,
  );

  app.put(
    '/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Cambia la password dell’utente della sessione',
        description:
          'Verifica la password attuale; la nuova deve avere almeno 8 caratteri. Chiude tutte le sessioni aperte con la vecchia password ' +
          '(sulle altre istanze dell’API subito con REDIS_URL, altrimenti entro 5 secondi) e risponde un nuovo token per continuare questa.',
        security: bearerAuth,
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const account = await app.repos.users.findCredentialsById(request.user!.id);
      if (!account || !(await app.passwords.verify(account.password_hash, request.body.currentPassword, request.clientIp))) {
        throw badRequest(MESSAGES.currentPasswordWrong);
      }
      const passwordHash = await app.passwords.hash(request.body.newPassword, request.clientIp);
      const version = await app.db.transaction(async (tx) => {
        const users = createUsersRepository(tx);
        await users.setPasswordHash(account.id, passwordHash);
        return users.bumpTokenVersion(account.id);
      });
      // Every token of the user is over (whoever has the old password may have opened a session): this
      // instance forgets them at once; the others at once through Redis (decision 053), else within their
      // session cache's lifetime.
      app.sessions.forgetUser(account.id);
      if (version === null) throw unauthorized();
      return { message: MESSAGES.passwordUpdated, token: await app.tokens.sign({ userId: account.id, role: account.role, version }) };
    },
  );
};

export default authRoutes;
