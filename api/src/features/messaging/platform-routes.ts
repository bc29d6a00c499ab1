/**
 * The platform's messaging account and the monthly usage (decision 086): the super admin reads (secrets masked),
 * saves and clears the account, and reads every shop's usage; a shop's admin reads its own usage.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { bearerAuth, errorResponses } from '../../schemas/common';
import { platformAccountSchema, platformAccountUpdateSchema, platformUpdate, PLATFORM_MESSAGES, toPlatformAccountResponse } from './platform-account';
import { createUsageRepository, monthAndPrevious, monthUsageSchema, romeMonth, usageMonthQuery } from './usage';

const savedSchema = z.object({ message: z.string(), account: platformAccountSchema }).meta({ id: 'PlatformMessagingAccountSaved' });

const shopUsageSchema = z
  .object({ businessId: z.string(), months: z.array(monthUsageSchema).describe('Il mese chiesto (o quello in corso), poi il precedente') })
  .meta({ id: 'ShopMessagingUsage' });

const platformUsageSchema = z
  .object({
    months: z.array(z.string()).describe('I due mesi della tabella: quello chiesto (o in corso) e il precedente'),
    shops: z.array(z.object({ businessId: z.string(), name: z.string(), months: z.array(monthUsageSchema) })),
  })
  .meta({ id: 'PlatformMessagingUsage' });

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const superAdminOnly = [app.authenticate, app.requireRole('super_admin')];
  const usage = createUsageRepository(app.db);
  const months = (month: string | undefined) => monthAndPrevious(month ?? romeMonth(app.clock()));

  app.get(
    '/platform/messaging-account',
    {
      onRequest: superAdminOnly,
      schema: {
        tags: ['platform'],
        summary: 'Account di messaggistica della piattaforma',
        description: 'Twilio (SMS, WhatsApp) e SMTP usati dai negozi senza un fornitore proprio. Auth Token e password SMTP non sono mai restituiti in chiaro.',
        security: bearerAuth,
        response: { 200: platformAccountSchema, ...errorResponses(401, 403) },
      },
    },
    async () => toPlatformAccountResponse(await app.messaging.platformAccounts.find()),
  );

  app.put(
    '/platform/messaging-account',
    {
      onRequest: superAdminOnly,
      schema: {
        tags: ['platform'],
        summary: 'Salva l’account di messaggistica della piattaforma',
        description:
          'Solo i campi presenti cambiano; \'\' ne toglie uno. Il valore mascherato di un segreto lo lascia com’è. smtpUrl compila server, porta, TLS, utente e password. ' +
          'Twilio vuole Account SID e Auth Token insieme e almeno un mittente; SMTP il server e l’indirizzo mittente insieme.',
        security: bearerAuth,
        body: platformAccountUpdateSchema,
        response: { 200: savedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const update = platformUpdate(request.body, await app.messaging.platformAccounts.find(), app.messaging.secrets);
      if ('error' in update) throw badRequest(update.error);
      await app.messaging.platformAccounts.save(update);
      // The fields' names only: never their values (two of them are secrets).
      request.log.info({ fields: Object.keys(request.body) }, 'platform messaging account saved');
      return { message: PLATFORM_MESSAGES.saved, account: toPlatformAccountResponse(await app.messaging.platformAccounts.find()) };
    },
  );

  app.delete(
    '/platform/messaging-account',
    {
      onRequest: superAdminOnly,
      schema: {
        tags: ['platform'],
        summary: 'Rimuove l’account di messaggistica della piattaforma',
        description: 'I negozi senza un fornitore proprio tornano in modalità di prova (i messaggi sono solo registrati).',
        security: bearerAuth,
        response: { 200: savedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await app.messaging.platformAccounts.clear();
      request.log.info('platform messaging account cleared');
      return { message: PLATFORM_MESSAGES.cleared, account: toPlatformAccountResponse(await app.messaging.platformAccounts.find()) };
    },
  );

  app.get(
    '/platform/messaging-usage',
    {
      onRequest: superAdminOnly,
      schema: {
        tags: ['platform'],
        summary: 'Messaggi inviati da ogni negozio, per mese e canale',
        description:
          'Contati dal registro dei messaggi: quelli presi in carico da un fornitore (account del negozio o della piattaforma), non falliti; ' +
          'in modalità di prova nulla parte e nulla si conta. Mesi di calendario a Roma.',
        security: bearerAuth,
        querystring: z.object({ month: usageMonthQuery }),
        response: { 200: platformUsageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const chosen = months(request.query.month);
      return { months: chosen, shops: await usage.ofEveryBusiness(chosen) };
    },
  );

  app.get(
    '/messaging/usage',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Messaggi inviati da un’azienda, per mese e canale',
        description: 'Il mese chiesto (o quello in corso a Roma) e il precedente, contati come in GET /api/platform/messaging-usage.',
        security: bearerAuth,
        querystring: z.object({ businessId: z.string().trim().min(1).max(200), month: usageMonthQuery }),
        response: { 200: shopUsageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId, month } = request.query;
      await app.authorizeBusiness(request.user!, businessId);
      if (!(await app.repos.businesses.findById(businessId))) throw notFound(MESSAGES.businessNotFound);
      return { businessId, months: await usage.ofBusiness(businessId, months(month)) };
    },
  );
};

export default platformRoutes;
