/**
 * POST /api/loyalty-cards/{id}/wallet-links: an admin sends a customer the card's wallet links
 * through the messaging queue (src/features/wallet/send-links.ts, decision 042).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { bearerAuth, errorResponses, idParamsSchema } from '../../schemas/common';
import { walletLinksResultSchema } from './schemas';
import { cardInScope } from '../cards/card-scope';
import { WALLET_MESSAGES } from './messages';
import { cardWalletLinks } from './plugin';
import { sendWalletLinks } from './send-links';

const walletLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/wallet-links',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['wallet'],
        summary: 'Invia al cliente i link wallet della carta',
        description:
          'Un messaggio di servizio in coda con i link Apple Wallet e/o Google Wallet (quelli configurati): WhatsApp, altrimenti SMS, altrimenti email, ' +
          'sui canali attivi del negozio; un cliente che ha chiesto STOP non lo riceve (skipped). Una seconda richiesta per la stessa carta entro un minuto ' +
          'non invia nulla (already_sent). 409 se nessun wallet è configurato; 404 per una carta di un altro negozio.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: walletLinksResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // The card first: another shop's card answers 404 whatever the configuration.
      const card = await cardInScope(app.repos.loyaltyCards, request.params.id, request.user!);
      if (!app.wallet.apple && !app.wallet.google) throw new HttpError(409, WALLET_MESSAGES.noWalletConfigured);
      const links = await cardWalletLinks(app.wallet, card.id);
      if (!links) throw notFound(MESSAGES.cardNotFound); // deleted meanwhile
      const result = await sendWalletLinks(app, card, links);
      request.log.info({ cardId: card.id, outcome: result.outcome, channel: result.channel }, 'wallet links');
      return result;
    },
  );
};

export default walletLinkRoutes;
