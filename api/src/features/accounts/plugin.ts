/**
 * Sending a password reset link (decision 071), used by the public «Password dimenticata?» and by an admin's
 * «Invia link di reset»: a link row with no token and, in the same transaction, one e-mail to the account's own
 * address through the first of its shops whose e-mail really delivers (never the outbox, whose log a shop reads:
 * decision 058). The token is issued by the worker at send time; only its SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { CREDENTIAL_PLACEHOLDER } from '../messaging/credentials';
import { enqueueMessage } from '../messaging/enqueue';
import { ACCOUNT_MESSAGES } from './messages';
import { createAccountsRepository, resetTokenHash } from './repository';

export interface Accounts {
  /** Queues the reset e-mail of the account; false when none of its shops can deliver it (nothing is stored). */
  sendResetLink(user: { id: string; email: string }): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

export default fp(
  async (app) => {
    app.messaging.credentials.register('password-reset', async (linkId) => {
      const token = randomBytes(32).toString('base64url');
      return (await createAccountsRepository(app.db).issueLink(linkId, resetTokenHash(token), app.clock())) ? token : null;
    });

    async function sendResetLink(user: { id: string; email: string }): Promise<boolean> {
      const businesses = await createAccountsRepository(app.db).businessesOf(user.id);
      let route: string | null = null;
      for (const businessId of businesses) {
        if (await app.messaging.deliversCredentials(businessId, 'email')) {
          route = businessId;
          break;
        }
      }
      if (route) {
        const url = `${app.config.dashboardBaseUrl}/reset-password?token=${CREDENTIAL_PLACEHOLDER}`;
        await app.db.transaction(async (tx) => {
          const linkId = await createAccountsRepository(tx).createLink(user.id, app.clock());
          await enqueueMessage(tx, {
            businessId: route,
            cardId: null,
            channel: 'email',
            recipient: user.email,
            body: ACCOUNT_MESSAGES.resetText(url),
            idempotencyKey: `password-reset:${linkId}`,
            credential: `password-reset:${linkId}`,
          });
        });
        app.messaging.worker.wake();
      }
      // No address in the log line: only whether a link left.
      app.log.info({ sent: Boolean(route) }, 'password reset link requested');
      return Boolean(route);
    }

    app.decorate('accounts', { sendResetLink });
  },
  { name: 'accounts', dependencies: ['db', 'messaging'] },
);
