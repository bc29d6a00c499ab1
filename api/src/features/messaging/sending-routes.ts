/**
 * Sending: campaign sends and single WhatsApp messages go through the job queue (src/messaging); the
 * answers come at once, the deliveries route shows the progress and the outbox route the message log.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, badRequest, notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import type { UserRecord } from '../users/repository';
import {
  CAMPAIGN_MESSAGE_MAX_LENGTH,
  EMAIL_MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
  noneSkipped,
  withStopFooter,
  sendOutcomeMessage,
  serviceDisabled,
  TRUTH_MESSAGES,
} from './messages';
import { RECEIPT_DRIVERS } from './drivers';
import { RECEIPT_WAIT_MINUTES } from './repository';
import { audienceOf } from './campaign-audience';
import { CHANNELS, type Channel } from './types';
import { normalizePhone } from '../../lib/phone';
import { bearerAuth, errorResponses, idParamsSchema, timestampSchema } from '../../schemas/common';
import { deliveryModeSchema, heldSendOutcomeSchema } from './sending-schemas';

const FLAG_COLUMN = { whatsapp: 'whatsapp_enabled', sms: 'sms_enabled', email: 'email_enabled' } as const;

/** SPEC's 160 characters for SMS and WhatsApp; an e-mail campaign up to 5 000 (decision 074). */
export const campaignSendBodySchema = z
  .object({
    service: z.enum(CHANNELS),
    message: z.string().trim().min(1, MESSAGING_MESSAGES.messageEmpty).max(EMAIL_MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.emailMessageTooLong),
  })
  .superRefine((body, ctx) => {
    if (body.service !== 'email' && body.message.length > CAMPAIGN_MESSAGE_MAX_LENGTH) ctx.addIssue({ code: 'custom', path: ['message'], message: MESSAGING_MESSAGES.messageTooLong });
  });


// An empty message used to mean "the bonus text"; bonuses are now sent by the server itself
// (migration 009), so a message is always required — and an old cards screen still running the browser
// automation cannot send a bonus a second time.
export const sendWhatsappBodySchema = z.object({
  message: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGING_MESSAGES.messageEmpty : undefined) })
    .trim()
    .min(1, MESSAGING_MESSAGES.messageEmpty)
    .max(1600, MESSAGING_MESSAGES.whatsappMessageTooLong)
    .describe('Testo del messaggio (1-1600 caratteri)'),
});

const deliveriesSchema = z
  .object({
    campaignId: z.string(),
    total: z.number().int(),
    queued: z.number().int().describe('In coda o in invio'),
    sent: z.number().int().describe('Accettati dal fornitore (consegnati compresi), non segnalati falliti'),
    delivered: z.number().int().describe('Consegnati secondo le notifiche di stato del fornitore'),
    failed: z.number().int().describe('Falliti in modo definitivo o segnalati non consegnati dal fornitore'),
    skipped: z.number().int(),
    awaitingReceipts: z
      .number()
      .int()
      .describe(
        `Inviati con un fornitore che comunica l’esito (Twilio, con PUBLIC_URL) da meno di ${RECEIPT_WAIT_MINUTES} minuti, ` +
          'senza ancora una conferma di consegna o un fallimento: finché sono più di 0 conviene continuare a interrogare',
      ),
    failureReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })).describe('I motivi di fallimento più frequenti (al massimo 5)'),
    heldUntil: timestampSchema
      .nullable()
      .describe(
        'Fuori dall’orario di invio dell’azienda (sendFrom–sendUntil, ora di Roma), senza invii in corso: quando parte il primo dei messaggi in coda, ' +
          'cioè il prossimo inizio della finestra; null se nulla aspetta la finestra. Fino ad allora basta interrogare di rado',
      ),
  })
  .meta({ id: 'CampaignDeliveries' });

export const SCHEDULE_MESSAGES = {
  scheduled: 'Campagna programmata',
  cancelled: 'Programmazione annullata',
  inThePast: 'Scegli una data e un’ora future',
  notScheduled: 'La campagna non è programmata (o il suo invio è già partito)',
  atInvalid: 'Data e ora non valide: usa il formato 2030-01-15T21:00',
} as const;

const campaignScheduleBodySchema = campaignSendBodySchema.extend({
  at: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, SCHEDULE_MESSAGES.atInvalid)
    .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)) && new Date(`${v}:00Z`).toISOString().startsWith(v), SCHEDULE_MESSAGES.atInvalid)
    .describe('Data e ora di Roma, AAAA-MM-GGTHH:MM'),
});

const campaignScheduledSchema = z.object({ message: z.string(), scheduledAt: timestampSchema }).meta({ id: 'CampaignScheduled' });

const channelReachSchema = z.object({
  channel: z.enum(CHANNELS),
  enabled: z.boolean().describe('Il canale è abilitato per l’azienda (altrimenti l’invio risponde 400)'),
  total: z.number().int().describe('Destinatari distinti (un contatto una volta)'),
  queued: z.number().int().describe('Quanti messaggi un invio ora metterebbe in coda: raggiungibili con consenso'),
  noConsent: z.number().int().describe('Senza consenso marketing sul canale'),
  optedOut: z.number().int().describe('Hanno chiesto di non ricevere messaggi (STOP)'),
  invalidContact: z.number().int().describe('Contatto non raggiungibile: mancante, non valido, o un numero fisso per SMS e WhatsApp'),
  alreadyEnqueued: z.number().int().describe('Hanno già ricevuto questa campagna su questo canale'),
  dailyLimit: z.number().int().describe('La loro carta ha già un messaggio promozionale nel giorno dell’invio (uno al giorno per carta)'),
});

const campaignReachSchema = z
  .object({ campaignId: z.string(), channels: z.array(channelReachSchema).describe('I canali della campagna (tutti se non ne indica)') })
  .meta({ id: 'CampaignReach' });

const messagingStatusSchema = z
  .object({
    businessId: z.string(),
    driver: z.string().describe("Il driver in uso: 'outbox', 'twilio', 'smtp'"),
    mode: deliveryModeSchema,
  })
  .meta({ id: 'MessagingStatus' });

const outboxQuerySchema = z.object({
  businessId: z.string().trim().min(1).max(200).optional().describe('Obbligatorio per un admin (una sua azienda)'),
  campaignId: z.string().trim().min(1).max(200).optional(),
  channel: z.enum(CHANNELS).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

const loggedMessageSchema = z
  .object({
    id: z.number().int(),
    business_id: z.string(),
    campaign_id: z.string().nullable(),
    card_id: z.string().nullable(),
    channel: z.enum(CHANNELS),
    recipient: z.string(),
    body: z.string(),
    status: z.string(),
    driver: z.string(),
    provider_message_id: z.string().nullable(),
    error: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'OutboxMessage' });

const outboxPageSchema = z.object({ total: z.number().int(), messages: z.array(loggedMessageSchema) }).meta({ id: 'OutboxPage' });

const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Ownership of a resource of a business: a foreign one answers the same 404 as an unknown one. */
  async function authorizeOwned(user: UserRecord, businessId: string, notFoundMessage: string) {
    try {
      await app.authorizeBusiness(user, businessId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(notFoundMessage);
      throw error;
    }
  }

  async function ownedCampaign(user: UserRecord, id: string) {
    const campaign = await app.messaging.repo.findCampaign(id);
    if (!campaign) throw notFound(MESSAGES.campaignNotFound);
    await authorizeOwned(user, campaign.business_id, MESSAGES.campaignNotFound);
    return campaign;
  }

  // Each send costs the business money with a real driver, and a campaign enqueues a message per
  // recipient: budgets per business, spent only by callers allowed to use it (see `keyedRateLimit`).
  const campaignSendLimit = app.keyedRateLimit('campaign-send', app.config.campaignSendRateLimitPerMinute);
  const singleMessageLimit = app.keyedRateLimit('single-message', app.config.singleMessageRateLimitPerMinute);

  async function requireChannel(businessId: string, channel: Channel) {
    const business = await app.repos.businesses.findById(businessId);
    if (!business || business[FLAG_COLUMN[channel]] !== 1) throw badRequest(serviceDisabled(channel));
  }

  app.post(
    '/campaigns/:id/send',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Invia un messaggio ai destinatari di una campagna',
        description:
          'Mette in coda un messaggio per destinatario (telefono per WhatsApp/SMS, email per Email) e risponde subito. ' +
          'Una campagna raggiunge ogni destinatario una sola volta per canale. Saltati: STOP ricevuto, nessuna carta con quel contatto consenziente al marketing sul canale dell’invio, contatto mancante. ' +
          'Fuori dall’orario di invio dell’azienda i messaggi aspettano in coda l’inizio della finestra: `heldUntil` dice quando partono. ' +
          'Al massimo CAMPAIGN_SEND_RATE_LIMIT invii al minuto per azienda (429).',
        security: bearerAuth,
        params: idParamsSchema,
        body: campaignSendBodySchema,
        response: { 200: heldSendOutcomeSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const campaign = await ownedCampaign(request.user!, request.params.id);
      await campaignSendLimit(request, reply, campaign.business_id);
      const { service, message } = request.body;
      await requireChannel(campaign.business_id, service);
      const counts = await app.messaging.repo.enqueueCampaign({
        businessId: campaign.business_id,
        campaignId: campaign.id,
        channel: service,
        // A marketing SMS or WhatsApp ends with how to stop them; an e-mail gets its unsubscribe link when sent.
        body: service === 'email' ? message : withStopFooter(message),
        at: app.clock(),
        ...audienceOf(campaign, service),
      });
      if (counts.queued > 0) app.messaging.worker.wake();
      const { mode } = await app.messaging.modeFor(campaign.business_id, service);
      request.log.info({ campaignId: campaign.id, service, mode, ...counts }, 'campaign send enqueued');
      return { message: sendOutcomeMessage(counts.queued, counts.skippedByReason, counts.alreadyEnqueued, counts.heldUntil !== null), ...counts, mode };
    },
  );

  app.get(
    '/campaigns/:id/reach',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Chi raggiungerebbe un invio della campagna, per canale',
        description:
          'Senza scrivere nulla: per ogni canale della campagna quanti destinatari un invio ora metterebbe in coda (`queued`) e quanti salterebbe e perché, ' +
          'con la stessa regola dell’invio (loyalty_message_skip_reason): stesso numero che `POST /campaigns/{id}/send` mette in coda.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: campaignReachSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const campaign = await ownedCampaign(request.user!, request.params.id);
      const business = await app.repos.businesses.findById(campaign.business_id);
      const offered = campaign.channels.length > 0 ? CHANNELS.filter((c) => campaign.channels.includes(c)) : [...CHANNELS];
      const channels = [];
      // One channel after the other: each is one statement over the campaign's recipients.
      for (const channel of offered) {
        const reach = await app.messaging.repo.campaignReach({ businessId: campaign.business_id, campaignId: campaign.id, channel, at: app.clock(), ...audienceOf(campaign, channel) });
        channels.push({ channel, enabled: business?.[FLAG_COLUMN[channel]] === 1, ...reach });
      }
      return { campaignId: campaign.id, channels };
    },
  );

  app.post(
    '/campaigns/:id/schedule',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Programma l’invio di una campagna',
        description:
          'Come `POST /campaigns/{id}/send`, ma a `at` (data e ora di Roma, es. 2030-01-15T21:00): la campagna diventa scheduled finché il server la avvia ' +
          '(entro un minuto); l’orario di invio dell’azienda (20–9 di silenzio) vale anche qui. Una nuova programmazione sostituisce la precedente.',
        security: bearerAuth,
        params: idParamsSchema,
        body: campaignScheduleBodySchema,
        response: { 200: campaignScheduledSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const campaign = await ownedCampaign(request.user!, request.params.id);
      const { service, message, at } = request.body;
      await requireChannel(campaign.business_id, service);
      const scheduledAt = await app.messaging.repo.scheduleCampaign(campaign.id, { at, channel: service, message, now: app.clock() });
      if (!scheduledAt) throw badRequest(SCHEDULE_MESSAGES.inThePast);
      return { message: SCHEDULE_MESSAGES.scheduled, scheduledAt };
    },
  );

  app.delete(
    '/campaigns/:id/schedule',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Annulla la programmazione di una campagna',
        description: 'Finché l’invio non è partito; la campagna torna draft.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const campaign = await ownedCampaign(request.user!, request.params.id);
      if (!(await app.messaging.repo.cancelSchedule(campaign.id))) throw badRequest(SCHEDULE_MESSAGES.notScheduled);
      return { message: SCHEDULE_MESSAGES.cancelled };
    },
  );

  app.get(
    '/campaigns/:id/deliveries',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Avanzamento degli invii di una campagna',
        description:
          'In coda → inviati → consegnati / non riusciti (con i motivi del fornitore). Da interrogare finché queued o awaitingReceipts sono più di 0: ' +
          'le notifiche di stato di Twilio arrivano dopo l’invio. Fuori dall’orario di invio dell’azienda `heldUntil` dice quando partono i messaggi in coda.',
        security: bearerAuth,
        params: idParamsSchema,
        querystring: z.object({ channel: z.enum(CHANNELS).optional() }),
        response: { 200: deliveriesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const campaign = await ownedCampaign(request.user!, request.params.id);
      // Twilio reports back only to the status callback, which needs PUBLIC_URL: without it nothing is awaited.
      const receiptDrivers = app.messaging.config.publicUrl ? RECEIPT_DRIVERS : [];
      // Held by the sending window (decision 100) against the app's clock, the one the send held them with.
      return { campaignId: campaign.id, ...(await app.messaging.repo.deliveryCounts(campaign.id, request.query.channel, receiptDrivers, app.clock())) };
    },
  );

  app.post(
    '/loyalty-cards/:id/send-whatsapp',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Invia un WhatsApp al titolare di una carta',
        description:
          'Passa dalla coda (ritentato se il fornitore non risponde) e risponde subito. Il messaggio è obbligatorio: i bonus li invia il server da sé. ' +
          'Messaggio commerciale: senza consenso marketing WhatsApp su una carta dell’azienda con quel numero non parte (`skippedByReason.noConsent`); STOP: 400. ' +
          'Intestazione facoltativa Idempotency-Key: la stessa chiave per la stessa carta invia una volta sola. ' +
          'Fuori dall’orario di invio dell’azienda il messaggio aspetta in coda l’inizio della finestra: `heldUntil` dice quando parte, ' +
          'anche a un invio ripetuto con la stessa Idempotency-Key di un messaggio ancora in coda. ' +
          'Al massimo SINGLE_MESSAGE_RATE_LIMIT messaggi al minuto per azienda (429).',
        security: bearerAuth,
        params: idParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() }),
        body: sendWhatsappBodySchema,
        response: { 200: heldSendOutcomeSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const card = await app.messaging.repo.findCard(request.params.id);
      if (!card) throw notFound(MESSAGES.cardNotFound);
      await authorizeOwned(request.user!, card.business_id, MESSAGES.cardNotFound);
      await singleMessageLimit(request, reply, card.business_id);
      await requireChannel(card.business_id, 'whatsapp');
      if (!card.customer_phone?.trim()) throw badRequest(MESSAGING_MESSAGES.cardWithoutPhone);
      // A number stored before numbers were checked, and still not valid, is refused here rather than by the provider.
      const recipient = normalizePhone(card.customer_phone);
      if (!recipient) throw badRequest(MESSAGES.phoneInvalid);
      if (await app.messaging.repo.isOptedOut(card.business_id, recipient)) throw badRequest(MESSAGING_MESSAGES.recipientOptedOut);
      // Easy SMS is a marketing message: only to a holder who agreed to offers on WhatsApp (decision 025).
      if (!(await app.messaging.repo.hasMarketingConsent(card.business_id, 'whatsapp', recipient))) {
        const { mode } = await app.messaging.modeFor(card.business_id, 'whatsapp');
        const skippedByReason = { ...noneSkipped(), noConsent: 1 };
        return { message: sendOutcomeMessage(0, skippedByReason), queued: 0, skipped: 1, skippedByReason, alreadyEnqueued: 0, mode, heldUntil: null };
      }
      const key = request.headers['idempotency-key'] ?? crypto.randomUUID();
      const body = withStopFooter(request.body.message);
      const at = app.clock();
      const idempotencyKey = `card:${card.id}:whatsapp:${key}`;
      const queued = await app.messaging.repo.enqueueOne({
        businessId: card.business_id,
        cardId: card.id,
        channel: 'whatsapp',
        recipient,
        body,
        idempotencyKey,
        // A marketing message: held by the quiet hours (migration 035).
        held: { at },
      });
      if (queued) app.messaging.worker.wake();
      // When it leaves if the quiet hours hold it: the job's due time (decision 100), also for a repeated send (the same
      // key, a retry after a timeout) of one still waiting in the queue.
      const heldUntil = await app.messaging.repo.heldUntil(queued ? { id: queued } : { idempotencyKey }, at);
      const { mode } = await app.messaging.modeFor(card.business_id, 'whatsapp');
      // 'WhatsApp inviato' (the specification's wording) only when a message really leaves for the customer.
      const message = !queued ? TRUTH_MESSAGES.whatsappAlreadyQueued : mode === 'live' ? MESSAGING_MESSAGES.whatsappSent : TRUTH_MESSAGES.whatsappQueuedTest;
      return { message, queued: queued ? 1 : 0, skipped: 0, skippedByReason: noneSkipped(), alreadyEnqueued: queued ? 0 : 1, mode, heldUntil };
    },
  );

  app.get(
    '/outbox',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Registro dei messaggi inviati',
        description:
          'Ogni messaggio, qualunque driver: con il driver outbox è ciò che sarebbe partito. Dal più recente. ' +
          'Un admin legge solo una sua azienda (businessId obbligatorio); il super admin anche tutte insieme.',
        security: bearerAuth,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.query;
      if (businessId) await app.authorizeBusiness(request.user!, businessId);
      else if (request.user!.role !== 'super_admin') throw badRequest(TRUTH_MESSAGES.businessIdRequired);
      return app.messaging.repo.listMessages(request.query);
    },
  );

  app.get(
    '/messaging/status',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['messaging'],
        summary: 'Modalità di invio di un’azienda',
        description:
          "mode 'test' quando nessun canale dell’azienda invia davvero: il suo driver (o MESSAGING_DRIVER) è l’outbox e l’account della piattaforma non serve nessuno dei suoi canali. " +
          'I messaggi sono allora solo registrati, nessuno viene consegnato.',
        security: bearerAuth,
        querystring: z.object({ businessId: z.string().trim().min(1).max(200) }),
        response: { 200: messagingStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.query;
      await app.authorizeBusiness(request.user!, businessId);
      return { businessId, ...(await app.messaging.modeFor(businessId)) };
    },
  );
};

export default messagingRoutes;
