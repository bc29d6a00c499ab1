/**
 * Password recovery (decision 071), under /api/auth: the public request of a link, the check of a link, and the
 * new password. The request answers the same at once for every address and does its work after the answer
 * (lib/after-answer.ts), so neither the answer nor its timing tells a known address from an unknown one.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors';
import { normalizeEmail } from '../../lib/email';
import { errorResponses, messageSchema } from '../../schemas/common';
import { createUsersRepository } from '../users/repository';
import { ACCOUNT_MESSAGES } from './messages';
import { createAccountsRepository, resetTokenHash } from './repository';
import { resetConfirmBodySchema, resetRequestBodySchema, resetTokenBodySchema } from './schemas';

/** Requests per minute per IP, and per address (whoever asks). */
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_REQUESTS_PER_ADDRESS = 3;

const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const addressLimit = app.keyedRateLimit('password-reset-address', RESET_REQUESTS_PER_ADDRESS);
  const requested = new WeakMap<FastifyRequest, string>();

  app.post(
    '/password-reset',
    {
      config: { rateLimit: { max: RESET_REQUESTS_PER_IP, timeWindow: '1 minute' } },
      onResponse: async (request) => {
        const email = requested.get(request);
        if (!email) return;
        app.afterAnswer.run('password-reset', async () => {
          const user = await createAccountsRepository(app.db).findResettable(email);
          if (user) await app.accounts.sendResetLink(user);
        });
      },
      schema: {
        tags: ['auth'],
        summary: 'Password dimenticata: chiede il link per sceglierne una nuova',
        description:
          'Pubblica. Risponde SEMPRE 202 con lo stesso messaggio, prima di cercare l’indirizzo (stesso tempo per un indirizzo noto o no). ' +
          'Se è di un admin o del super admin non disattivato, mette in coda UNA email a quell’indirizzo con il link `<DASHBOARD_BASE_URL>/reset-password?token=<token>` ' +
          '(32 byte casuali, emessi all’invio, conservato solo lo SHA-256; vale 30 minuti e una volta sola), tramite il primo negozio dell’account la cui email consegna davvero. ' +
          `429 oltre ${RESET_REQUESTS_PER_IP} richieste al minuto per IP o ${RESET_REQUESTS_PER_ADDRESS} per indirizzo.`,
        body: resetRequestBodySchema,
        response: { 202: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      await addressLimit(request, reply, email);
      requested.set(request, email);
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
    },
  );

  app.post(
    '/password-reset/check',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Verifica un link per reimpostare la password',
        description: 'Pubblica. 200 se il link è valido ora (non lo consuma), altrimenti 400 con il messaggio in italiano.',
        body: resetTokenBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      if (!(await createAccountsRepository(app.db).linkValid(resetTokenHash(request.body.token), app.clock()))) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);
      return { message: ACCOUNT_MESSAGES.resetLinkValid };
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sceglie la nuova password con il link ricevuto',
        description:
          'Pubblica. La nuova password deve avere almeno 8 caratteri. Il link si usa una volta (anche gli altri link aperti dello stesso utente smettono di valere); ' +
          'tutte le sessioni dell’utente si chiudono su ogni istanza dell’API. Link scaduto, già usato o inventato: 400 e nulla cambia.',
        body: resetConfirmBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      const hash = resetTokenHash(request.body.token);
      // A made-up token costs no argon2 hash; a valid one is hashed in the hashing queue, then spent atomically.
      if (!(await createAccountsRepository(app.db).linkValid(hash, app.clock()))) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);
      const passwordHash = await app.passwords.hash(request.body.newPassword, request.clientIp);
      const user = await app.db.transaction(async (tx) => {
        const accounts = createAccountsRepository(tx);
        const spent = await accounts.useLink(hash, app.clock());
        if (!spent) return null;
        const users = createUsersRepository(tx);
        await users.setPasswordHash(spent.id, passwordHash);
        await users.bumpTokenVersion(spent.id);
        await accounts.record({ actor: null, action: 'password_reset', target: spent, at: app.clock() });
        return spent;
      });
      if (!user) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);
      // Every session of the user ends: this instance at once, the others at once through Redis (decision 053).
      app.sessions.forgetUser(user.id);
      // A lock from earlier wrong guesses no longer stands between the owner and the new password.
      await app.repos.loginAttempts.clear(user.email);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );
};

export default recoveryRoutes;
