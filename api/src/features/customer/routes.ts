/**
 * The customer's page (docs/decisions/048-customer-api.md): /api/customer/…, the API the landing
 * remote's `/my-card` page is built on. A customer asks for a one-time link sent to the e-mail or phone a card
 * carries (magic-link), exchanges it for a 30-minute customer session (session), and with that session sees
 * and manages only the cards whose contact is that one: balances, ledger, consents, a copy of the data, erasure.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_WORDING } from '../../consent-wording';
import type { Queryable } from '../../db';
import { italianDay } from '../rewards/repository';
import {
  createCustomerDataRepository,
  createCustomerRepository,
  ERASED_DESCRIPTIONS,
  tokenHash,
  type CustomerCardRow,
} from './repository';
import { CUSTOMER_MESSAGES } from './messages';
import { createCustomerTokenService, CUSTOMER_SESSION_SECONDS, type CustomerContact } from './tokens';
import { badRequest, HttpError, notFound, unauthorized } from '../../errors';
import { MESSAGES } from '../../messages';
import { normalizeEmail } from '../../lib/email';
import { serviceLabel } from '../messaging/messages';
import { CREDENTIAL_CHANNELS, CREDENTIAL_PLACEHOLDER } from '../messaging/credentials';
import { enqueueMessage } from '../messaging/enqueue';
import { createMessagingRepository, reachableContact } from '../messaging/repository';
import { CHANNELS, type Channel } from '../messaging/types';
import { recordMarketingRequest } from '../consents/marketing-request';
import { fileResponse, bearerAuth, errorResponses, idParamsSchema, messageSchema } from '../../schemas/common';
import {
  customerCardSchema,
  customerConsentBodySchema,
  customerConsentResultSchema,
  customerEraseBodySchema,
  customerEraseResultSchema,
  customerExportSchema,
  customerLedgerEntrySchema,
  customerSessionSchema,
  magicLinkBodySchema,
  sessionBodySchema,
} from './schemas';
import { csvWriter, italianDate, italianDateTime, italianNumber, LEDGER_KIND_LABELS } from '../import-export/csv-export';
import { addPointsLink } from '../cards/qrcode';
import { cardFace } from '../cards/client-cards';
import { cardWalletLinks } from '../wallet/plugin';

/** The customer's CSV copy in words a person reads (the JSON keeps the codes). */
const CSV_CONSENT_SOURCES = {
  signup: 'modulo di iscrizione',
  customer_page: 'pagina del cliente',
  stop_reply: 'risposta STOP',
  admin: 'registrato in negozio',
  import: 'importazione',
  lapse: 'scadenza dopo 24 mesi',
  migration: 'stato precedente allo storico',
} as const;
const CSV_MESSAGE_STATUSES: Record<string, string> = { queued: 'in coda', sending: 'in invio', sent: 'inviato', failed: 'non inviato', skipped: 'non inviato' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The contact of the customer session (routes of /api/customer only). */
    customer: CustomerContact | null;
  }
}

/** An e-mail (lower-case) or a phone (E.164); null when the text is neither. */
export function parseContact(text: string): CustomerContact | null {
  if (text.includes('@')) {
    const email = reachableContact('email', text);
    return email ? { kind: 'email', value: email } : null;
  }
  const phone = reachableContact('sms', text);
  return phone ? { kind: 'phone', value: phone } : null;
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokens = createCustomerTokenService(app.config.jwtSecret);
  /** The session of a request that passed `customerOnly`. */
  const sessionIds = new WeakMap<FastifyRequest, string>();
  /** The contact of a link request, handed from its answer to the work done once the answer has left. */
  const linkRequests = new WeakMap<FastifyRequest, CustomerContact>();

  // Decision 058: a link's token is issued when the message carrying it is sent; only its hash is kept.
  app.messaging.credentials.register('customer-link', async (linkId) => {
    const token = randomBytes(32).toString('base64url');
    return (await createCustomerRepository(app.db).issueLink(linkId, tokenHash(token))) ? token : null;
  });
  const contactLimit = app.keyedRateLimit('customer-link-contact', app.config.customerLinkPerContactPerMinute ?? 3);
  app.decorateRequest('customer', null);

  /**
   * onRequest: 401 unless a valid customer session (an admin's token is not one: another audience) whose row
   * is still there (decision 058: «Esci» and an erasure end it on the server). Read on every request, not
   * cached: an ended session is refused at once by every instance.
   */
  const customerOnly = async function authenticateCustomer(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization);
    const session = token ? await tokens.verify(token) : null;
    const contact: CustomerContact | null = session ? { kind: session.kind, value: session.value } : null;
    if (!session || !contact || !(await createCustomerRepository(app.db).sessionActive(session.sessionId, contact))) {
      throw unauthorized(CUSTOMER_MESSAGES.notCustomerSession);
    }
    request.customer = contact;
    sessionIds.set(request, session.sessionId);
  } as onRequestHookHandler;

  const ownedCard = async (request: FastifyRequest, id: string) => {
    const card = await createCustomerRepository(app.db).card(request.customer!, id);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return card;
  };

  const enabledOn = (card: CustomerCardRow, channel: Channel) =>
    (channel === 'email' ? card.email_enabled : channel === 'whatsapp' ? card.whatsapp_enabled : card.sms_enabled) === 1;

  /**
   * Where a credential for the contact goes (decision 058): to the contact itself and nobody else — never to
   * another contact a card carries, which anyone may have typed at a signup — on the contact's own kind of
   * channel (e-mail: email; phone: WhatsApp, else SMS), through a shop where the contact has a card, that
   * channel is on, the contact did not ask STOP, and a driver really delivers (never the outbox, whose log
   * the shop reads). The shop of the contact's OLDEST such card: a shop that registers a known contact later
   * (and could read its own provider's log) does not become the link's route. Null: nothing is sent.
   */
  async function credentialRoute(contact: CustomerContact, cards: CustomerCardRow[]): Promise<{ card: CustomerCardRow; channel: Channel } | null> {
    const messaging = createMessagingRepository(app.db);
    const oldestFirst = [...cards].reverse();
    for (const card of oldestFirst) {
      for (const channel of CREDENTIAL_CHANNELS[contact.kind]) {
        if (!enabledOn(card, channel) || (await messaging.isOptedOut(card.business_id, contact.value))) continue;
        if (await app.messaging.deliversCredentials(card.business_id, channel)) return { card, channel };
      }
    }
    return null;
  }

  /** Where an erasure's confirmation goes: the session's contact, on its own kind of channel, through the card's shop. */
  async function confirmationRoute(tx: Queryable, contact: CustomerContact, card: CustomerCardRow): Promise<Channel | null> {
    for (const channel of CREDENTIAL_CHANNELS[contact.kind]) {
      if (enabledOn(card, channel) && !(await createMessagingRepository(tx).isOptedOut(card.business_id, contact.value))) return channel;
    }
    return null;
  }

  /**
   * The link request's work, done once its answer has left: the contact's cards, the route, and in one
   * transaction the link (no token yet) and its message, whose body holds the placeholder where the worker
   * will put the token it issues at send time.
   */
  async function sendLink(contact: CustomerContact): Promise<void> {
    const cards = await createCustomerRepository(app.db).cards(contact);
    const route = cards.length > 0 ? await credentialRoute(contact, cards) : null;
    if (route) {
      const url = `${app.config.dashboardBaseUrl}/my-card?token=${CREDENTIAL_PLACEHOLDER}`;
      await app.db.transaction(async (tx) => {
        const linkId = await createCustomerRepository(tx).createLink(contact);
        await enqueueMessage(tx, {
          businessId: route.card.business_id,
          cardId: route.card.id,
          channel: route.channel,
          recipient: contact.value,
          body: CUSTOMER_MESSAGES.linkText(route.card.business_name, url),
          idempotencyKey: `customer-link:${linkId}`,
          credential: `customer-link:${linkId}`,
        });
      });
      app.messaging.worker.wake();
    }
    // No contact in the log line: only whether a link left.
    app.log.info({ kind: contact.kind, sent: Boolean(route) }, 'customer link requested');
  }

  /** Everything held about the contact (art. 15/20): its cards, their ledger and consent events, the messages. */
  async function copyOf(contact: CustomerContact) {
    const cards = await createCustomerRepository(app.db).cards(contact);
    const ids = cards.map((c) => c.id);
    const data = createCustomerDataRepository(app.db);
    return {
      exported_at: app.clock().toISOString(),
      contact,
      cards: cards.map((c) => ({
        id: c.id,
        business_name: c.business_name,
        card_number: c.card_number,
        customer_name: c.customer_name,
        email: c.email,
        customer_phone: c.customer_phone,
        birth_date: c.birth_date,
        points: c.points,
        privacy_ack: c.privacy_ack,
        marketing_channels: c.marketing_channels,
        created_at: c.created_at,
      })),
      ledger: (await data.ledger(ids)) as z.infer<typeof customerExportSchema>['ledger'],
      consent_events: (await data.consentEvents(ids)) as z.infer<typeof customerExportSchema>['consent_events'],
      messages: await data.messages(contact, ids),
    };
  }

  app.post(
    '/magic-link',
    {
      config: { rateLimit: { max: app.config.customerLinkRateLimitPerMinute ?? 10, timeWindow: '1 minute' } },
      // The lookup and the enqueueing run once the answer has left: its timing says nothing about the contact.
      onResponse: async (request) => {
        const contact = linkRequests.get(request);
        if (contact) app.afterAnswer.run('customer-link', () => sendLink(contact));
      },
      schema: {
        tags: ['customer'],
        summary: 'Il cliente chiede il link di accesso alla sua carta',
        description:
          'Pubblica. `contact` è un’email o un numero di telefono (normalizzato in E.164, anche senza +39). Se qualche carta, in qualunque negozio, ha quel contatto, ' +
          'si mette in coda UN messaggio di servizio con il link `<DASHBOARD_BASE_URL>/my-card?token=<token>` a quel contatto e a nessun altro, sul suo tipo di canale ' +
          '(email → email; telefono → WhatsApp, altrimenti SMS), tramite il negozio della carta più vecchia del contatto che ha quel canale attivo e lo consegna davvero ' +
          '(mai un negozio in modalità di prova: il suo registro lo leggerebbe il negozio; un contatto che ha chiesto STOP a quel negozio non lo riceve da lì); se nessun negozio può, non parte nulla. ' +
          'Il token (32 byte casuali, base64url) nasce all’invio, vale 15 minuti dalla richiesta e si usa una volta (POST /api/customer/session); si conserva solo il suo SHA-256 e nei registri dei messaggi il link appare come `/my-card?token=•••`. ' +
          'La risposta è SEMPRE 202 con lo stesso messaggio, che il contatto sia registrato o no, e parte prima di cercarlo (lo stesso tempo nei due casi). 400 per un testo che non è né email né telefono; ' +
          '429 oltre CUSTOMER_LINK_RATE_LIMIT richieste al minuto per IP o CUSTOMER_LINK_CONTACT_RATE_LIMIT per contatto.',
        body: magicLinkBodySchema,
        response: { 202: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const contact = parseContact(request.body.contact);
      if (!contact) throw badRequest(CUSTOMER_MESSAGES.contactInvalid);
      await contactLimit(request, reply, `customer-link:${contact.kind}:${contact.value}`);
      linkRequests.set(request, contact);
      return reply.code(202).send({ message: CUSTOMER_MESSAGES.linkRequested });
    },
  );

  app.post(
    '/session',
    {
      config: { rateLimit: { max: app.config.customerLinkRateLimitPerMinute ?? 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['customer'],
        summary: 'Scambia il link ricevuto con una sessione cliente',
        description:
          'Pubblica. Il `token` del link vale una volta sola, entro 15 minuti dalla richiesta: lo scambio è atomico (due richieste con lo stesso link: una sola sessione). ' +
          'Risponde una sessione cliente (Bearer) valida 30 minuti per il contatto del link: apre solo le rotte /api/customer/… e nessuna rotta admin; ' +
          'un token admin non apre queste. La sessione finisce prima sul server con POST /api/customer/logout o con la cancellazione dell’ultima carta del contatto. ' +
          '400 per un link sconosciuto, 410 per un link già usato o scaduto (messaggi in italiano).',
        body: sessionBodySchema,
        response: { 200: customerSessionSchema, ...errorResponses(400, 410, 429) },
      },
    },
    async (request) => {
      const repo = createCustomerRepository(app.db);
      const used = await repo.useLink(tokenHash(request.body.token));
      if (used === 'unknown') throw badRequest(CUSTOMER_MESSAGES.linkInvalid);
      if (used === 'spent') throw new HttpError(410, CUSTOMER_MESSAGES.linkUsedOrExpired);
      const sessionId = randomUUID();
      await repo.createSession(used, sessionId, CUSTOMER_SESSION_SECONDS);
      const token = await tokens.sign(used, sessionId);
      const expiresAt = new Date(Date.now() + CUSTOMER_SESSION_SECONDS * 1000).toISOString();
      return { token, expires_at: expiresAt, contact: used };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'Il cliente chiude la sessione («Esci»)',
        description: 'Sessione cliente. La sessione finisce sul server: da ora il suo token non apre più nessuna rotta, su nessuna istanza.',
        security: bearerAuth,
        response: { 200: messageSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await createCustomerRepository(app.db).endSession(sessionIds.get(request)!);
      return { message: CUSTOMER_MESSAGES.signedOut };
    },
  );

  app.get(
    '/cards',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'Le carte del cliente, in ogni negozio',
        description:
          'Sessione cliente. Le carte la cui email (o telefono) è il contatto della sessione, dalla più recente: negozio e modalità, saldo, il link del QR ' +
          '(lo stesso dell’immagine della carta) e il colore del negozio, i link wallet se configurati, i premi che il saldo permette e il prossimo, i punti in scadenza entro 30 giorni, ' +
          'i consensi attuali con i canali attivi del negozio e, per ogni canale concesso, quando decade se non rinnovato (24 mesi). Nessun dato di altri clienti né degli operatori.',
        security: bearerAuth,
        response: { 200: z.array(customerCardSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const repo = createCustomerRepository(app.db);
      const cards = await repo.cards(request.customer!);
      const now = app.clock();
      const today = italianDay(now);
      const expiring = await app.repos.loyaltyCards.expiringFor(
        cards.map((c) => c.id),
        now,
      );
      const lapses = await app.repos.consents.marketingLapses(cards.map((c) => c.id));
      return Promise.all(
        cards.map(async (card) => {
          const wallet = await cardWalletLinks(app.wallet, card.id);
          return {
            ...cardFace(card),
            customer_name: card.customer_name,
            business_id: card.business_id,
            qr_link: addPointsLink(app.config.dashboardBaseUrl, card.id, card.user_id ?? ''),
            wallet,
            rewards_available: await repo.affordableRewards(card.business_id, card.points, today),
            next_reward: await repo.nextReward(card.business_id, card.points, today),
            expiring: expiring.get(card.id) ?? null,
            consents: {
              service: card.privacy_ack,
              marketing_channels: card.marketing_channels,
              available_channels: CHANNELS.filter((channel) => card[`${channel}_enabled`] === 1),
              marketing_lapses: lapses.filter((l) => l.card_id === card.id).map(({ channel, lapses_at }) => ({ channel, lapses_at })),
            },
          };
        }),
      );
    },
  );

  app.get(
    '/cards/:id/ledger',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'I movimenti di una carta del cliente',
        description: 'Sessione cliente. Dal più recente, con il tipo; senza il nome dell’operatore. 404 per una carta che non è del contatto della sessione.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(customerLedgerEntrySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const card = await ownedCard(request, request.params.id);
      const entries = await app.repos.loyaltyCards.ledger(card.id);
      return entries.map((e) => ({ id: e.id, points: e.points, kind: e.kind, reward_name: e.reward_name, description: e.description, created_at: e.created_at }));
    },
  );

  app.put(
    '/cards/:id/consents',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'Il cliente cambia i suoi consensi marketing',
        description:
          'Sessione cliente. I canali indicati diventano quelli del consenso della carta, con un evento per ogni canale concesso o revocato ' +
          '(origine customer_page, versione del testo corrente: decisione 047); `renew: true` rinnova anche quelli già concessi. ' +
          'Un canale revocato non riceve più campagne. 404 per una carta che non è del contatto della sessione.',
        security: bearerAuth,
        params: idParamsSchema,
        body: customerConsentBodySchema,
        response: { 200: customerConsentResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const find = (tx: Queryable) => createCustomerRepository(tx).card(request.customer!, request.params.id, true);
      return { message: CUSTOMER_MESSAGES.consentSaved, ...(await recordMarketingRequest(app, find, request.body, { source: 'customer_page' })) };
    },
  );

  app.get(
    '/export.json',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'Copia dei dati del cliente (JSON)',
        description:
          'Sessione cliente. Tutto ciò che si conserva sul contatto (GDPR artt. 15 e 20): le carte in ogni negozio con i dati anagrafici, i movimenti, ' +
          'gli eventi di consenso e i messaggi inviati al contatto o per le sue carte, testi inclusi (i link di accesso oscurati; nessun dato dei fornitori).',
        security: bearerAuth,
        response: { 200: customerExportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="i-miei-dati.json"');
      return copyOf(request.customer!);
    },
  );

  app.get(
    '/export.csv',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'Copia dei dati del cliente (CSV)',
        description:
          'Sessione cliente. Gli stessi dati di export.json, una riga per dato: colonne Tipo (Carta, Movimento, Consenso, Messaggio), Negozio, Numero carta, Data, ' +
          'Campo, Valore. UTF-8 con BOM, separatore `;`, righe CRLF, decimali con la virgola; una cella di testo che inizia con `=`, `+`, `-`, `@` ha davanti un `\'`.',
        security: bearerAuth,
        response: { 200: fileResponse('text/csv', 'Il file CSV'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const copy = await copyOf(request.customer!);
      const numberOf = new Map(copy.cards.map((c) => [c.id, { shop: c.business_name, number: c.card_number }]));
      const csv = csvWriter(['Tipo', 'Negozio', 'Numero carta', 'Data', 'Campo', 'Valore']);
      for (const c of copy.cards) {
        const fields: [string, string | number | null][] = [
          ['Nome', c.customer_name],
          ['Email', c.email],
          ['Telefono', c.customer_phone],
          ['Data di nascita', italianDate(c.birth_date)],
          ['Saldo', c.points],
          ['Informativa privacy accettata', c.privacy_ack ? 'sì' : 'no'],
          ['Consenso marketing', c.marketing_channels.map(serviceLabel).join(', ') || 'nessuno'],
        ];
        for (const [field, value] of fields) csv.write(['Carta', c.business_name, c.card_number, italianDateTime(c.created_at), field, value]);
      }
      for (const e of copy.ledger) {
        const card = numberOf.get(e.card_id);
        csv.write(['Movimento', card?.shop, card?.number, italianDateTime(e.created_at), `${LEDGER_KIND_LABELS[e.kind]}: ${e.description}`, italianNumber(Number(e.points))]);
      }
      for (const e of copy.consent_events) {
        const card = numberOf.get(e.card_id);
        const what = e.purpose === 'service' ? 'Informativa privacy' : `Marketing ${e.channel ? serviceLabel(e.channel) : ''}`.trim();
        const outcome = e.granted ? 'dato' : e.source === 'lapse' ? 'scaduto' : 'revocato';
        const how = [CSV_CONSENT_SOURCES[e.source as keyof typeof CSV_CONSENT_SOURCES] ?? e.source, `testo ${e.wording_version}`, e.evidence ? `prova: ${e.evidence}` : null];
        csv.write(['Consenso', card?.shop, card?.number, italianDateTime(e.occurred_at), what, `${outcome} (${how.filter(Boolean).join(', ')})`]);
      }
      for (const m of copy.messages) {
        const card = m.card_id ? numberOf.get(m.card_id) : undefined;
        const status = CSV_MESSAGE_STATUSES[m.status] ?? m.status;
        csv.write(['Messaggio', m.business_name, card?.number ?? '', italianDateTime(m.created_at), `${serviceLabel(m.channel)} a ${m.recipient} (${status})`, m.body]);
      }
      csv.end();
      // The typed route knows only the error bodies: the CSV stream goes through the untyped reply.
      return (reply as unknown as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="i-miei-dati.csv"')
        .header('cache-control', 'no-store')
        .send(csv) as unknown as void;
    },
  );

  app.post(
    '/erase',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['customer'],
        summary: 'Il cliente cancella i dati personali di una carta o di tutte',
        description:
          'Sessione cliente (GDPR art. 17). `{ card_id }` o `{ all: true }` (non entrambi); in una transazione: prima si mette in coda al contatto un messaggio di conferma ' +
          '(che la cancellazione non annulla; il destinatario si dimentica appena inviato), poi si annullano gli altri messaggi in coda per la carta o il contatto, si revocano i consensi marketing ' +
          '(evento customer_page), il nome diventa «Cliente eliminato», email, telefono, data di nascita e collegamento all’account si svuotano, i pass wallet ' +
          'si eliminano; i movimenti restano con importi e tipi (le descrizioni libere diventano il nome del tipo), così i totali del negozio non cambiano. ' +
          'I messaggi della persona (coda e registro) restano contati ma senza destinatario né testo. Un contatto che non ha più carte perde sessioni e link: ' +
          '`session_ended` true quando è quello della sessione (la sessione è finita). 404 per una carta che non è del contatto; 400 senza card_id né all, o con entrambi.',
        security: bearerAuth,
        body: customerEraseBodySchema,
        response: { 200: customerEraseResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const contact = request.customer!;
      const { card_id: cardId, all } = request.body;
      if (!cardId && !all) throw badRequest(CUSTOMER_MESSAGES.eraseTargetRequired);
      // One card or all of them, never both: `{ card_id: <someone else's>, all: true }` must not erase anything.
      if (cardId && all) throw badRequest(CUSTOMER_MESSAGES.eraseTargetAmbiguous);
      const { erased, sessionEnded } = await app.db.transaction(async (tx) => {
        const repo = createCustomerRepository(tx);
        const ids = all ? (await repo.cards(contact)).map((c) => c.id) : [cardId!];
        const done: CustomerCardRow[] = [];
        const confirmations: string[] = [];
        for (const id of ids) {
          const card = await repo.card(contact, id, true);
          if (!card) {
            if (all) continue; // erased meanwhile
            throw notFound(MESSAGES.cardNotFound);
          }
          const confirmation = await eraseCard(tx, contact, card);
          if (confirmation) confirmations.push(confirmation);
          done.push(card);
        }
        // The person's messages keep their rows (the shop's counts) but no recipient or text (decision 058).
        const contacts = [contact, ...done.flatMap(cardContacts)];
        await createMessagingRepository(tx).scrubPersonalMessages({
          cards: done.map((c) => ({ id: c.id, businessId: c.business_id })),
          contacts: [...new Set(contacts.map((c) => c.value))],
          anywhere: all ? [contact.value] : [],
          spare: confirmations,
        });
        // A contact no card carries any more keeps nothing: its sessions (this one included) end, its links go.
        const gone = await repo.forgetContactsWithoutCards(uniqueContacts(contacts));
        return { erased: done.map((c) => c.id), sessionEnded: gone.some((c) => c.kind === contact.kind && c.value === contact.value) };
      });
      app.messaging.worker.wake();
      request.log.info({ cards: erased, kind: contact.kind, sessionEnded }, 'customer erased card data');
      return { message: all ? CUSTOMER_MESSAGES.allErased : CUSTOMER_MESSAGES.cardErased, erased, session_ended: sessionEnded };
    },
  );

  /**
   * One card's erasure, in the caller's transaction, the card locked (see the route's description). Answers
   * the id of the confirmation queued, if any.
   */
  async function eraseCard(tx: Queryable, contact: CustomerContact, card: CustomerCardRow): Promise<string | null> {
    // The confirmation first, to the contact about to be erased, who is forgotten once it is sent.
    const channel = await confirmationRoute(tx, contact, card);
    const confirmationId = channel
      ? await enqueueMessage(tx, {
          businessId: card.business_id,
          cardId: card.id,
          channel,
          recipient: contact.value,
          body: CUSTOMER_MESSAGES.erasedText(card.business_name, card.card_number),
          idempotencyKey: `customer-erase:${card.id}`,
          forgetRecipient: true,
        }).then((queued) => queued?.id ?? null)
      : null;
    const contacts = cardContacts(card).map((c) => c.value);
    await tx.query(
      `UPDATE messaging_jobs SET status = 'skipped', skip_reason = 'erased', updated_at = now()
        WHERE status = 'queued' AND (card_id = $1 OR (business_id = $2 AND recipient = ANY($3::text[])))
          AND id::text IS DISTINCT FROM $4`,
      [card.id, card.business_id, contacts, confirmationId],
    );
    await app.reposOf(tx).consents.setMarketingConsent(card.id, [], { source: 'customer_page', wordingVersion: CONSENT_WORDING.marketing, at: app.clock() });
    const kinds = Object.keys(ERASED_DESCRIPTIONS) as (keyof typeof ERASED_DESCRIPTIONS)[];
    await tx.query(
      `UPDATE points_ledger l SET description = d.label
         FROM unnest($2::text[], $3::text[]) AS d(kind, label)
        WHERE l.card_id = $1 AND l.kind = d.kind AND l.description <> d.label`,
      [card.id, kinds, kinds.map((k) => ERASED_DESCRIPTIONS[k])],
    );
    await tx.query(
      `UPDATE loyalty_cards SET customer_name = 'Cliente eliminato', email = NULL, customer_phone = NULL, birth_date = NULL, user_id = NULL WHERE id = $1`,
      [card.id],
    );
    // A client account left without cards names the person (e-mail, name): it goes too (every FK to users is SET NULL).
    if (card.user_id) {
      await tx.query(
        `DELETE FROM users u WHERE u.id = $1 AND u.role = 'client' AND NOT EXISTS (SELECT 1 FROM loyalty_cards c WHERE c.user_id = u.id)`,
        [card.user_id],
      );
    }
    await tx.query('DELETE FROM wallet_passes WHERE card_id = $1', [card.id]);
    await tx.query('DELETE FROM wallet_google_objects WHERE card_id = $1', [card.id]);
    return confirmationId;
  }
};

/** A card's e-mail and phone as messages and links carry them (e-mail lower-case, phone E.164 or as written). */
function cardContacts(card: Pick<CustomerCardRow, 'email' | 'customer_phone'>): CustomerContact[] {
  const contacts: CustomerContact[] = [];
  const email = card.email ? normalizeEmail(card.email) : undefined;
  if (email) contacts.push({ kind: 'email', value: email });
  const phone = reachableContact('sms', card.customer_phone) ?? card.customer_phone?.trim();
  if (phone) contacts.push({ kind: 'phone', value: phone });
  return contacts;
}

function uniqueContacts(contacts: CustomerContact[]): CustomerContact[] {
  const seen = new Map<string, CustomerContact>();
  for (const c of contacts) seen.set(`${c.kind}\u0000${c.value}`, c);
  return [...seen.values()];
}

export default customerRoutes;
