import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { renderEmail } from './email';
import { z } from 'zod';
import { HttpError, badRequest, notFound } from '../../errors';
import { FIELD_LABELS, fieldInvalid, MESSAGES } from '../../messages';
import { connectionTestBody, connectionTestSucceeded, connectionWorks, DEFAULT_BONUS_TEMPLATE, MESSAGING_MESSAGES, noneSkipped, QUIET_HOURS, QUIET_HOURS_MESSAGES, serviceDisabled, TRUTH_MESSAGES } from './messages';
import { createMessagingRepository, reachableContact, type SettingsUpdate } from './repository';
import { TWILIO_STATUSES, twilioReason } from './drivers';
import { PLATFORM_SECRET_SCOPE } from './platform-account';
import { MessagingError, type Channel } from './types';
import { EMPTY_TWIML, inboundAction, isValidTwilioSignature, senderChannel, senderContact } from './webhooks';
import { CONSENT_WORDING } from '../../consent-wording';
import { createConsentsRepository } from '../consents/repository';
import { bearerAuth, fileResponse, errorResponses } from '../../schemas/common';
import { named } from '../../routes';
import { sendOutcomeSchema } from './sending-schemas';
import {
  connectionTestBodySchema,
  isMaskedSecret,
  toTwilioSettingsResponse,
  twilioSettingsParamsSchema,
  twilioSettingsQuerySchema,
  twilioSettingsSavedSchema,
  twilioSettingsSchema,
  twilioSettingsUpdateSchema,
} from './settings-schemas';

const FLAG_COLUMN = { whatsapp: 'whatsapp_enabled', sms: 'sms_enabled', email: 'email_enabled' } as const;

const twilioRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadBusiness = async (businessId: string) => {
    const business = await app.repos.businesses.findById(businessId);
    if (!business) throw notFound(MESSAGES.businessNotFound);
    return business;
  };

  app.get(
    '/settings',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['twilio'],
        summary: 'Impostazioni di messaggistica di un’azienda',
        description: 'Il token di autenticazione non è mai restituito in chiaro.',
        security: bearerAuth,
        querystring: twilioSettingsQuerySchema,
        response: { 200: twilioSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.query;
      await app.authorizeBusiness(request.user!, businessId);
      const business = await loadBusiness(businessId);
      return toTwilioSettingsResponse(business, await app.repos.messagingSettings.findByBusiness(businessId));
    },
  );

  app.put(
    '/settings/:businessId',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['twilio'],
        summary: 'Salva le impostazioni di messaggistica di un’azienda',
        description:
          'Solo i campi presenti cambiano. Il token è cifrato (AES-256-GCM) e risposto mascherato. ' +
          'bonusTemplate: il testo del WhatsApp bonus, mai vuoto, solo i segnaposto noti. ' +
          'Solo un super admin può cambiare whatsappEnabled/smsEnabled/emailEnabled e driver; un admin può rimandare i valori attuali.',
        security: bearerAuth,
        params: twilioSettingsParamsSchema,
        body: twilioSettingsUpdateSchema,
        response: { 200: twilioSettingsSavedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.params;
      const body = request.body;
      await app.authorizeBusiness(request.user!, businessId);
      const business = await loadBusiness(businessId);

      const flags: Partial<Record<Channel, boolean>> = { whatsapp: body.whatsappEnabled, sms: body.smsEnabled, email: body.emailEnabled };
      const changesFlags = (Object.keys(FLAG_COLUMN) as Channel[]).some(
        (channel) => flags[channel] !== undefined && flags[channel] !== (business[FLAG_COLUMN[channel]] === 1),
      );
      if (changesFlags && request.user!.role !== 'super_admin') throw new HttpError(403, MESSAGING_MESSAGES.flagsSuperAdminOnly);
      // Switching between recording only and real (paid) delivery is the platform's call, like the flags.
      const current = await app.repos.messagingSettings.findByBusiness(businessId);
      const changesDriver = body.driver !== undefined && body.driver !== (current?.driver ?? '');
      if (changesDriver && request.user!.role !== 'super_admin') throw new HttpError(403, MESSAGING_MESSAGES.driverSuperAdminOnly);

      const update: SettingsUpdate = {};
      const text = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
      update.account_sid = text(body.accountSid);
      update.phone_number = text(body.phoneNumber);
      update.messaging_service_sid = text(body.messagingServiceSid);
      update.email_sender = text(body.emailSender);
      if (changesDriver) update.driver = body.driver || null;
      // The default text is kept as "no text of its own", so it follows the default if that is reworded.
      if (body.bonusTemplate !== undefined) update.bonus_template = body.bonusTemplate === DEFAULT_BONUS_TEMPLATE ? null : body.bonusTemplate;
      if (body.sendFrom !== undefined || body.sendUntil !== undefined) {
        const from = body.sendFrom ?? current?.send_from ?? QUIET_HOURS.sendFrom;
        const until = body.sendUntil ?? current?.send_until ?? QUIET_HOURS.sendUntil;
        if (from >= until) throw badRequest(QUIET_HOURS_MESSAGES.window);
        update.send_from = from;
        update.send_until = until;
      }
      if (body.authToken !== undefined && !isMaskedSecret(body.authToken)) {
        update.auth_token =
          body.authToken === '' ? null : { encrypted: app.messaging.secrets.encrypt(body.authToken, businessId), last4: body.authToken.slice(-4) };
      }

      await app.db.transaction(async (tx) => {
        const repo = createMessagingRepository(tx);
        await repo.saveSettings(businessId, update);
        if (changesFlags) await repo.setChannelFlags(businessId, flags);
      });
      request.log.info({ businessId, fields: Object.keys(body), changesFlags }, 'messaging settings saved');
      const saved = await loadBusiness(businessId);
      return {
        message: MESSAGING_MESSAGES.settingsSaved,
        settings: toTwilioSettingsResponse(saved, await app.repos.messagingSettings.findByBusiness(businessId)),
      };
    },
  );

  app.post(
    '/test-connection',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      // Each test sends a real message with a real driver. Counted per user, in preHandler so
      // that `authenticate` has set `request.user` (the limiter's default hook, onRequest, runs before it).
      config: {
        rateLimit: {
          max: app.config.connectionTestRateLimitPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `user:${request.user!.id}`,
        },
      },
      schema: {
        tags: ['twilio'],
        summary: 'Prova la connessione di un servizio',
        description:
          'Con un fornitore configurato (mode live) lo interroga davvero (Twilio: l’account e il Messaging Service; SMTP: connessione e login) ' +
          'e poi invia subito, fuori dalla coda, un messaggio di prova a testRecipient. Con il driver outbox (mode test) non verifica nulla: ' +
          'il messaggio è solo registrato e la risposta lo dice. Il servizio deve essere abilitato. ' +
          'Errore del fornitore → 502 con il motivo in italiano (400 se le impostazioni sono incomplete). ' +
          'Al massimo CONNECTION_TEST_RATE_LIMIT prove al minuto per utente (429).',
        security: bearerAuth,
        body: connectionTestBodySchema,
        response: { 200: sendOutcomeSchema, ...errorResponses(400, 401, 403, 404, 429, 502) },
      },
    },
    async (request) => {
      const { businessId, service, testRecipient } = request.body;
      await app.authorizeBusiness(request.user!, businessId);
      const business = await loadBusiness(businessId);
      if (business[FLAG_COLUMN[service]] !== 1) throw badRequest(serviceDisabled(service));
      // A phone is any valid number (national ones read as Italian), sent to in E.164.
      const recipient = reachableContact(service, testRecipient);
      if (!recipient) throw badRequest(fieldInvalid(FIELD_LABELS.testRecipient));

      // What is sent: the recipient reads it only when the connection works. The log's text says what the dialog says.
      const body = connectionTestBody(business.name, connectionWorks(service));
      const { mode } = await app.messaging.modeFor(businessId, service);
      const outcome = { skipped: 0, skippedByReason: noneSkipped(), alreadyEnqueued: 0, mode };
      let driverName = 'unknown';
      try {
        const driver = await app.messaging.driverFor(businessId, service);
        driverName = driver.name;
        if (mode === 'test') {
          // The outbox has nothing to connect to: record what would have gone out and say so.
          await app.messaging.repo.logMessage({
            businessId,
            channel: service,
            recipient,
            body: connectionTestBody(business.name, TRUTH_MESSAGES.connectionTestMode),
            driver: driver.name,
            result: { providerMessageId: null, status: 'sent' },
          });
          return { message: TRUTH_MESSAGES.connectionTestMode, queued: 0, ...outcome };
        }
        await driver.verify?.();
        const email = service === 'email'
          ? { subject: `Test di connessione – ${business.name}`, fromName: business.name, replyTo: null, unsubscribeUrl: null, ...renderEmail({ shopName: business.name, brandColor: null, body }) }
          : undefined;
        const result = await driver.send({ businessId, channel: service, recipient, body, ...(email ? { email } : {}) });
        await app.messaging.repo.logMessage({ businessId, channel: service, recipient, body, driver: driver.name, result, account: driver.account ?? null });
        return { message: connectionTestSucceeded(service), queued: 1, ...outcome };
      } catch (error) {
        const reason = error instanceof MessagingError ? error.message : null;
        if (!reason) request.log.error({ err: error, businessId, service }, 'connection test failed');
        const said = reason ? `${MESSAGING_MESSAGES.connectionTestFailed}: ${reason}` : MESSAGING_MESSAGES.connectionTestFailed;
        await app.messaging.repo
          .logMessage({ businessId, channel: service, recipient, body: connectionTestBody(business.name, said), driver: driverName, error: reason ?? String(error).slice(0, 500) })
          .catch(() => undefined);
        const status = error instanceof MessagingError && error.permanent && driverName === 'unknown' ? 400 : 502;
        throw new HttpError(status, said);
      }
    },
  );
};

/**
 * Twilio posts its webhooks as a form, signed over every parameter: keep them all, each a string as a form
 * has nothing else (a JSON body of nested arrays made the signature check recurse until the stack ran out).
 */
const webhookParams = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(z.string());
const inboundBodySchema = webhookParams({ From: z.string().max(100), Body: z.string().max(5000).optional() });
const statusBodySchema = webhookParams({
  MessageSid: z.string().max(100),
  MessageStatus: z.string().max(40),
  ErrorCode: z.string().max(20).optional(),
});

/** Webhooks Twilio calls for a business; public, authenticated by X-Twilio-Signature. */
const twilioWebhookRoutes: FastifyPluginAsyncZod = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** A stored token in clear, or null when there is none or it no longer decrypts. */
  const readToken = (stored: string | null | undefined, scope: string) => {
    try {
      return stored ? app.messaging.secrets.decrypt(stored, scope) : null;
    } catch {
      return null;
    }
  };

  /** The platform account's Twilio token in clear (decision 086), or null when there is none or it cannot be read. */
  const platformToken = async () => readToken((await app.messaging.platformAccounts.find()).twilio_auth_token_encrypted, PLATFORM_SECRET_SCOPE.twilio);

  /** 403 unless the request carries Twilio's signature made with one of `tokens` (a null one signs nothing). */
  function requireSignature(request: FastifyRequest, tokens: (string | null)[], params: Record<string, unknown>, context: object) {
    const origin = app.messaging.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const header = request.headers['x-twilio-signature'];
    const signature = typeof header === 'string' ? header : undefined;
    if (!tokens.some((token) => token && isValidTwilioSignature(token, signature, `${origin}${request.url}`, params))) {
      request.log.warn(context, 'twilio webhook with a bad signature');
      throw new HttpError(403, MESSAGING_MESSAGES.invalidSignature);
    }
  }

  /**
   * 403 unless the request carries Twilio's signature made with the business's auth token — or, for the status of a
   * message the platform's account sent for it (decision 086), with the platform's.
   */
  async function verifySignature(request: FastifyRequest, businessId: string, params: Record<string, unknown>, platformToo = false) {
    const settings = await app.messaging.repo.findSettings(businessId);
    const tokens = [readToken(settings?.auth_token_encrypted, businessId)];
    if (platformToo) tokens.push(await platformToken());
    requireSignature(request, tokens, params, { businessId });
  }

  /**
   * A reply's word for one business: STOP adds the contact to its STOP list (every message to the contact stops)
   * and, as evidence, withdraws marketing on the channel the reply came on for each of its cards with that contact
   * (decision 047); START takes the contact off the list (the consent stays withdrawn).
   */
  async function applyReply(businessId: string, action: 'opt_out' | 'opt_in', channel: Channel, contact: string) {
    if (action !== 'opt_out') return app.messaging.repo.removeOptOut(businessId, contact);
    await app.db.transaction(async (tx) => {
      await createMessagingRepository(tx).addOptOut(businessId, contact, 'stop');
      await createConsentsRepository(tx).withdrawByContact(businessId, channel, contact, {
        source: 'stop_reply',
        wordingVersion: CONSENT_WORDING.stopReply,
        at: app.clock(),
      });
    });
  }

  app.post(
    '/inbound/:businessId',
    {
      schema: {
        tags: ['twilio'],
        summary: 'Webhook di Twilio per i messaggi ricevuti',
        description:
          'Da configurare sul numero Twilio: `<PUBLIC_URL>/api/twilio/inbound/<businessId>`. STOP (e BASTA, CANCELLAMI…) aggiunge il mittente ' +
          'alle esclusioni dell’azienda e revoca il consenso marketing sul canale della risposta (WhatsApp o SMS) di ogni sua carta, registrandolo nello storico consensi; START lo toglie dalle esclusioni (il consenso no). Risponde TwiML vuoto (text/xml). Richiede X-Twilio-Signature.',
        consumes: ['application/x-www-form-urlencoded'],
        params: twilioSettingsParamsSchema,
        body: inboundBodySchema,
        response: { 200: fileResponse('text/xml', 'TwiML vuoto'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.params;
      await verifySignature(request, businessId, request.body);
      const action = inboundAction(request.body.Body);
      const contact = senderContact(request.body.From);
      if (action && contact) {
        await applyReply(businessId, action, senderChannel(request.body.From), contact);
        request.log.info({ businessId, action }, 'messaging opt-out updated');
      }
      // TwiML, not JSON: the 200 is declared as text/xml, so the string leaves as it is.
      return reply.type('text/xml').send(EMPTY_TWIML as never);
    },
  );

  app.post(
    '/inbound',
    {
      schema: {
        tags: ['twilio'],
        summary: 'Webhook di Twilio per i messaggi ricevuti sui numeri della piattaforma',
        description:
          'Da configurare sui numeri dell’account di messaggistica della piattaforma: `<PUBLIC_URL>/api/twilio/inbound`. Uno STOP vale per ogni negozio ' +
          'che ha scritto al mittente da quei numeri (chi risponde non può dire a quale): esclusione e revoca del consenso marketing sul canale della risposta, ' +
          'come sul numero di un negozio; START lo toglie dalle esclusioni. Risponde TwiML vuoto (text/xml). Richiede X-Twilio-Signature fatta con il token della piattaforma.',
        consumes: ['application/x-www-form-urlencoded'],
        body: inboundBodySchema,
        response: { 200: fileResponse('text/xml', 'TwiML vuoto'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      requireSignature(request, [await platformToken()], request.body, { platform: true });
      const action = inboundAction(request.body.Body);
      const contact = senderContact(request.body.From);
      if (action && contact) {
        const channel = senderChannel(request.body.From);
        const businesses = await app.messaging.repo.platformSenders(channel, contact);
        for (const businessId of businesses) await applyReply(businessId, action, channel, contact);
        request.log.info({ businesses: businesses.length, action }, 'messaging opt-out updated through the platform number');
      }
      return reply.type('text/xml').send(EMPTY_TWIML as never);
    },
  );

  app.post(
    '/status/:businessId',
    {
      schema: {
        tags: ['twilio'],
        summary: 'Webhook di Twilio per lo stato dei messaggi',
        description: 'Impostato da solo su ogni invio quando PUBLIC_URL è configurato; aggiorna lo stato nel registro. Richiede X-Twilio-Signature.',
        consumes: ['application/x-www-form-urlencoded'],
        params: twilioSettingsParamsSchema,
        body: statusBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.params;
      await verifySignature(request, businessId, request.body, true);
      const status = TWILIO_STATUSES[request.body.MessageStatus.toLowerCase()];
      if (status) {
        const error = request.body.ErrorCode ? twilioReason(request.body.ErrorCode) : null;
        await app.messaging.repo.updateProviderStatus(businessId, request.body.MessageSid, status, error);
      }
      return reply.code(204).send(null);
    },
  );
};

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(named('settings', twilioRoutes));
  await app.register(named('webhooks', twilioWebhookRoutes));
};

export default routes;
