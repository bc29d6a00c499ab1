/**
 * Issue 22, "The customer's page" (docs/decisions/048-customer-api.md): /api/customer/…, the API the landing
 * remote's `/my-card` page is built on. A customer asks for a one-time link sent to the e-mail or phone a card
 * carries (magic-link), exchanges it for a 30-minute customer session (session), and with that session sees
 * and manages only the cards whose contact is that one: balances, ledger, consents, a copy of the data, erasure.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_WORDING } from '../consent-wording';
import type { Queryable } from '../db';
import { createRepositories } from '../repositories';
import { italianDay } from '../repositories/rewards';
import {
  createCustomerDataRepository,
  createCustomerRepository,
  ERASED_DESCRIPTIONS,
  tokenHash,
  type CustomerCardRow,
} from '../customer/repository';
import { CUSTOMER_MESSAGES } from '../customer/messages';
import { createCustomerTokenService, CUSTOMER_SESSION_SECONDS, type CustomerContact } from '../customer/tokens';
import { badRequest, HttpError, notFound, unauthorized } from '../errors';
import { MESSAGES } from '../messages';
import { serviceLabel } from '../messaging/messages';
import { createMessagingRepository, reachableContact } from '../messaging/repository';
import type { Channel } from '../messaging/types';
import { CHANNELS, canonicalChannels } from '../messaging/types';
import { bearerAuth, errorResponses, idParamsSchema, messageSchema } from '../schemas/common';
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
} from '../schemas/customer';
import { csvWriter, italianDate, italianDateTime, italianNumber, LEDGER_KIND_LABELS } from '../services/csv-export';
import { addPointsLink } from '../services/qrcode';
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
  const contactLimit = app.keyedRateLimit('customer-link-contact', app.config.customerLinkPerContactPerMinute ?? 3);
  app.decorateRequest('customer', null);

  /** onRequest: 401 unless a valid customer session (an admin's token is not one: another audience). */
  const customerOnly = async function authenticateCustomer(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization);
    const contact = token ? await tokens.verify(token) : null;
    if (!contact) throw unauthorized(CUSTOMER_MESSAGES.notCustomerSession);
    request.customer = { kind: contact.kind, value: contact.value };
  } as onRequestHookHandler;

  const ownedCard = async (request: FastifyRequest, id: string) => {
    const card = await createCustomerRepository(app.db).card(request.customer!, id);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return card;
  };

  /**
   * Where the link goes: the contact itself, on its kind's channel (e-mail: email; phone: WhatsApp, else SMS),
   * through the shop of the newest card whose shop has that channel on and where the contact did not ask STOP;
   * failing that, the other contact of one of those cards (the phone of an e-mail's card, the e-mail of a
   * phone's card) on a channel its shop has on.
   */
  async function linkSender(
    contact: CustomerContact,
    cards: CustomerCardRow[],
    db: Queryable = app.db,
  ): Promise<{ card: CustomerCardRow; channel: Channel; recipient: string } | null> {
    const messaging = createMessagingRepository(db);
    const enabledOn = (card: CustomerCardRow, channel: Channel) =>
      (channel === 'email' ? card.email_enabled : channel === 'whatsapp' ? card.whatsapp_enabled : card.sms_enabled) === 1;
    const own: Channel[] = contact.kind === 'email' ? ['email'] : ['whatsapp', 'sms'];
    for (const card of cards) {
      for (const channel of own) {
        if (enabledOn(card, channel) && !(await messaging.isOptedOut(card.business_id, contact.value))) return { card, channel, recipient: contact.value };
      }
    }
    // No shop reaches the contact on its own kind of channel (an e-mail where every shop has e-mail off): the
    // other contact the same card holds — the holder's own, left at signup — so the link still reaches them.
    const other: Channel[] = contact.kind === 'email' ? ['whatsapp', 'sms'] : ['email'];
    for (const card of cards) {
      for (const channel of other) {
        const recipient = reachableContact(channel, channel === 'email' ? card.email : card.customer_phone);
        if (recipient && enabledOn(card, channel) && !(await messaging.isOptedOut(card.business_id, recipient))) return { card, channel, recipient };
      }
    }
    return null;
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
      schema: {
        tags: ['customer'],
        summary: 'Il cliente chiede il link di accesso alla sua carta',
        description:
          'Pubblica. `contact` è un’email o un numero di telefono (normalizzato in E.164, anche senza +39). Se qualche carta, in qualunque negozio, ha quel contatto, ' +
          'si mette in coda UN messaggio di servizio con il link `<DASHBOARD_BASE_URL>/my-card?token=<token>` sul canale del contatto (email → email; telefono → WhatsApp, ' +
          'altrimenti SMS), tramite il negozio della carta più recente che ha quel canale attivo (un contatto che ha chiesto STOP a quel negozio non lo riceve da lì); ' +
          'se nessun negozio raggiunge il contatto così, il link va all’altro contatto della stessa carta (il telefono di chi ha chiesto con l’email, l’email di chi ha chiesto col telefono) su un canale attivo del negozio. ' +
          'Il token (32 byte casuali, base64url) vale 15 minuti e si usa una volta (POST /api/customer/session); si conserva solo il suo SHA-256. ' +
          'La risposta è SEMPRE 202 con lo stesso messaggio, che il contatto sia registrato o no. 400 per un testo che non è né email né telefono; ' +
          '429 oltre CUSTOMER_LINK_RATE_LIMIT richieste al minuto per IP o CUSTOMER_LINK_CONTACT_RATE_LIMIT per contatto.',
        body: magicLinkBodySchema,
        response: { 202: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const contact = parseContact(request.body.contact);
      if (!contact) throw badRequest(CUSTOMER_MESSAGES.contactInvalid);
      await contactLimit(request, reply, `customer-link:${contact.kind}:${contact.value}`);
      // The token is made whether or not the contact is known: the same work either way.
      const token = randomBytes(32).toString('base64url');
      const hash = tokenHash(token);
      const repo = createCustomerRepository(app.db);
      const cards = await repo.cards(contact);
      const sender = cards.length > 0 ? await linkSender(contact, cards) : null;
      if (sender) {
        const url = `${app.config.dashboardBaseUrl}/my-card?token=${token}`;
        await app.db.transaction(async (tx) => {
          const linkId = await createCustomerRepository(tx).createLink(contact, hash);
          await createMessagingRepository(tx).enqueueOne({
            businessId: sender.card.business_id,
            cardId: sender.card.id,
            channel: sender.channel,
            recipient: sender.recipient,
            body: CUSTOMER_MESSAGES.linkText(sender.card.business_name, url),
            idempotencyKey: `customer-link:${linkId}`,
          });
        });
        app.messaging.worker.wake();
      }
      // No contact in the log line: only whether a link left.
      request.log.info({ kind: contact.kind, sent: Boolean(sender) }, 'customer link requested');
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
          'un token admin non apre queste. 400 per un link sconosciuto, 410 per un link già usato o scaduto (messaggi in italiano).',
        body: sessionBodySchema,
        response: { 200: customerSessionSchema, ...errorResponses(400, 410, 429) },
      },
    },
    async (request) => {
      const used = await createCustomerRepository(app.db).useLink(tokenHash(request.body.token));
      if (used === 'unknown') throw badRequest(CUSTOMER_MESSAGES.linkInvalid);
      if (used === 'spent') throw new HttpError(410, CUSTOMER_MESSAGES.linkUsedOrExpired);
      const token = await tokens.sign(used);
      const expiresAt = new Date(Date.now() + CUSTOMER_SESSION_SECONDS * 1000).toISOString();
      return { token, expires_at: expiresAt, contact: used };
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
            id: card.id,
            card_number: card.card_number,
            customer_name: card.customer_name,
            business_id: card.business_id,
            business_name: card.business_name,
            loyalty_mode: card.loyalty_mode,
            brand_color: card.brand_color,
            points: card.points,
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
      const change = await app.db.transaction(async (tx) => {
        const card = await createCustomerRepository(tx).card(request.customer!, request.params.id, true);
        if (!card) throw notFound(MESSAGES.cardNotFound);
        const channels = canonicalChannels(request.body.marketing_channels);
        return createRepositories(tx).consents.setMarketingConsent(card.id, channels, {
          source: 'customer_page',
          wordingVersion: CONSENT_WORDING.marketing,
          at: app.clock(),
          renew: request.body.renew ? channels : undefined,
        });
      });
      if (!change) throw notFound(MESSAGES.cardNotFound);
      return { message: CUSTOMER_MESSAGES.consentSaved, card_id: request.params.id, marketing_channels: change.channels, granted: change.granted, withdrawn: change.withdrawn };
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
        response: { ...errorResponses(401) },
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
          'Sessione cliente (GDPR art. 17). `{ card_id }` o `{ all: true }`; in una transazione: prima si mette in coda al contatto un messaggio di conferma ' +
          '(che la cancellazione non annulla), poi si annullano gli altri messaggi in coda per la carta o il contatto, si revocano i consensi marketing ' +
          '(evento customer_page), il nome diventa «Cliente eliminato», email, telefono, data di nascita e collegamento all’account si svuotano, i pass wallet ' +
          'si eliminano; i movimenti restano con importi e tipi (le descrizioni libere diventano il nome del tipo), così i totali del negozio non cambiano. ' +
          '404 per una carta che non è del contatto; 400 senza card_id né all.',
        security: bearerAuth,
        body: customerEraseBodySchema,
        response: { 200: customerEraseResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const contact = request.customer!;
      const { card_id: cardId, all } = request.body;
      if (!cardId && !all) throw badRequest(CUSTOMER_MESSAGES.eraseTargetRequired);
      const erased = await app.db.transaction(async (tx) => {
        const repo = createCustomerRepository(tx);
        const ids = all ? (await repo.cards(contact)).map((c) => c.id) : [cardId!];
        const done: string[] = [];
        for (const id of ids) {
          const card = await repo.card(contact, id, true);
          if (!card) {
            if (all) continue; // erased meanwhile
            throw notFound(MESSAGES.cardNotFound);
          }
          await eraseCard(tx, contact, card);
          done.push(card.id);
        }
        if (all) await tx.query('DELETE FROM customer_login_links WHERE contact_kind = $1 AND contact_value = $2', [contact.kind, contact.value]);
        return done;
      });
      app.messaging.worker.wake();
      request.log.info({ cards: erased, kind: contact.kind }, 'customer erased card data');
      return { message: all ? CUSTOMER_MESSAGES.allErased : CUSTOMER_MESSAGES.cardErased, erased };
    },
  );

  /** One card's erasure, in the caller's transaction, the card locked (see the route's description). */
  async function eraseCard(tx: Queryable, contact: CustomerContact, card: CustomerCardRow) {
    // The confirmation first, to the contact about to be erased; its id is spared by the cancellation below.
    const sender = await linkSender(contact, [card], tx);
    let confirmationId: string | null = null;
    if (sender) {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO messaging_jobs (business_id, card_id, channel, recipient, body, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id::text AS id`,
        [card.business_id, card.id, sender.channel, sender.recipient, CUSTOMER_MESSAGES.erasedText(card.business_name, card.card_number), `customer-erase:${card.id}`],
      );
      confirmationId = rows[0]?.id ?? null;
    }
    const contacts = [card.email?.trim().toLowerCase(), card.customer_phone].filter((c): c is string => Boolean(c));
    await tx.query(
      `UPDATE messaging_jobs SET status = 'skipped', skip_reason = 'erased', updated_at = now()
        WHERE status = 'queued' AND (card_id = $1 OR (business_id = $2 AND recipient = ANY($3::text[])))
          AND id::text IS DISTINCT FROM $4`,
      [card.id, card.business_id, contacts, confirmationId],
    );
    await createRepositories(tx).consents.setMarketingConsent(card.id, [], { source: 'customer_page', wordingVersion: CONSENT_WORDING.marketing, at: app.clock() });
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
  }
};

export default customerRoutes;
