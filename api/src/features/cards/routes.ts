import { pipeline, type Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { EARNING_MESSAGES, IMPORT_MESSAGES, MESSAGES, POINTS_MESSAGES, REWARD_MESSAGES } from '../../messages';
import type { Queryable } from '../../db';
import { recordMarketingRequest } from '../consents/marketing-request';
import { POINTS_BALANCE_MAX } from './repository';
import { fileResponse, bearerAuth, errorResponses, idParamsSchema, messageSchema } from '../../schemas/common';
import {
  consentEventSchema,
  marketingConsentBodySchema,
  marketingConsentResultSchema,
  cardDetailSchema,
  cardImportOutcomeSchema,
  cardImportQuerySchema,
  cardListQuerySchema,
  cardPageSchema,
  cardStatsSchema,
  salesReportSchema,
  ledgerEntrySchema,
  loyaltyCardSchema,
  pointsBodySchema,
  pointsResultSchema,
  toLoyaltyCardResponse,
} from './schemas';
import { segmentCountQuerySchema } from '../campaigns/schemas';
import { segmentFilter } from './repository';
import { compileSerializer, fastSerializerCompiler } from '../../serialization';
import { cardInScope, cardScope, ownerScope } from './card-scope';
import { CARD_HEADERS, cardRows, csvWriter, exportFileName, LEDGER_HEADERS, ledgerRows } from '../import-export/csv-export';
import { CARD_TYPES, LEDGER_TYPES, xlsxFile, type XlsxType } from '../import-export/xlsx-export';
import { italianDay, type Program } from '../rewards/repository';
import { saleEarning, type PromotionRecord } from '../rewards/earning';
import { pointsHeadersSchema, saleBodySchema, saleHeadersSchema, salePreviewQuerySchema, salePreviewSchema, saleResultSchema } from '../rewards/schemas';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importCards, isCardNumberClash } from '../import-export/csv-import';

/** The card list's answer: the full list (array) without paging parameters, else a page. */
const cardListResponseSchema = z.union([z.array(loyaltyCardSchema), cardPageSchema]);
/** What fastify sets for a serialised JSON answer; a cached body is sent as bytes with the same type. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** How many times a sale reads its card's business and terms again when they changed under it before giving up. */
const SALE_ATTEMPTS = 4;

const loyaltyCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, app.requireRole('admin', 'super_admin')];
  /** Decision 070: what the counter's staff may call too (each route still checks the card's or business's scope). */
  const counter = [app.authenticate, app.requireRole('staff', 'admin', 'super_admin')];
  // The same serializers the routes compile from these schemas (fastSerializerCompiler): same bytes.
  const writeCardList = compileSerializer(cardListResponseSchema);
  const writeStats = compileSerializer(cardStatsSchema);
  const writeSalesReport = compileSerializer(salesReportSchema);
  /**
   * A sale's business and earning terms without a query of their own (docs/decisions/075-points-from-the-sale.md):
   * the business of the cards sold on (a card's business is checked again by the sale itself), and each business's
   * program and promotions in the read cache with the version they were read at. The sale's statement compares
   * that version with the business's current one (moved by every change of the terms, migration 044) and records
   * nothing when they differ, so terms changed through any API instance are read again before a sale uses them.
   */
  const saleCardBusiness = new LRUCache<string, string>({ max: 100_000 });
  /**
   * The business of each user's latest sale: the guess for a card this instance has not sold on yet. A counter
   * serves one shop's customers, so the guess is almost always right and the first sale on a card takes one round
   * trip, not two; a wrong guess costs what no guess cost (the sale answers `stale` with the card's business).
   */
  const saleUserBusiness = new LRUCache<string, string>({ max: 10_000 });
  /** Terms parsed once per cached entry (an entry is replaced, never changed, when its terms move). */
  const parsedTerms = new WeakMap<object, { program: Program; promotions: PromotionRecord[] }>();
  async function saleTerms(businessId: string, reload: boolean): Promise<{ version: string; program: Program; promotions: PromotionRecord[] } | null> {
    const key = JSON.stringify(['sale-terms', businessId]);
    const cached = reload ? undefined : app.readCache.get(key);
    if (cached) {
      let terms = parsedTerms.get(cached);
      if (!terms) parsedTerms.set(cached, (terms = JSON.parse(cached.body.toString()) as { program: Program; promotions: PromotionRecord[] }));
      return { version: cached.marker, ...terms };
    }
    const fresh = await app.repos.rewards.earningTerms(businessId);
    if (fresh) app.readCache.set(key, fresh.version, Buffer.from(JSON.stringify({ program: fresh.program, promotions: fresh.promotions })));
    return fresh;
  }

  /** The id of card `id` when `user` may see it, else the 404 of cardInScope: what a read of one card's history starts with. */
  const visibleCardId = async (id: string, user: Parameters<typeof cardInScope>[2]) => (await cardInScope(app.repos.loyaltyCards, id, user)).id;

  /**
   * Answers a read of one business's cards from the read cache when it is still current, else computes,
   * keeps and sends it (docs/decisions/017-api-read-cache.md). On every request with an entry, one query
   * checks the business for this user (same rule and 404 as the uncached statement) and reads the
   * business's change marker; the body is used only if the marker is the one it was computed with.
   * `compute` returns null for a business the user may not use.
   */
  async function cachedRead(
    reply: FastifyReply,
    key: string,
    businessId: string,
    ownerId: string | null,
    compute: () => Promise<{ marker: string; body: string } | null>,
  ): Promise<FastifyReply> {
    const cached = app.readCache.get(key);
    if (cached) {
      const marker = await app.repos.loyaltyCards.markerInScope(businessId, ownerId);
      if (marker === null) throw notFound(MESSAGES.businessNotFound);
      if (marker === cached.marker) {
        app.readCache.countHit();
        return reply.type(JSON_TYPE).send(cached.body);
      }
      app.readCache.countStale();
    }
    const fresh = await compute();
    if (!fresh) throw notFound(MESSAGES.businessNotFound);
    const body = Buffer.from(fresh.body);
    app.readCache.set(key, fresh.marker, body);
    return reply.type(JSON_TYPE).send(body);
  }

  app.get(
    '/business/:id',
    {
      onRequest: counter,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Carte fedeltà di un’azienda',
        description:
          'Dalla più recente. Senza `limit`/`offset` la risposta è la lista completa (array); con uno dei due è una pagina `{ items, total, nextOffset }`. `q`, `status` e `min_points` filtrano in entrambi i casi.',
        security: bearerAuth,
        params: idParamsSchema,
        querystring: cardListQuerySchema,
        response: { 200: cardListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { limit, offset, q, status, min_points } = request.query;
      const filter = { q: q || undefined, status, minPoints: min_points };
      if (limit === undefined && offset === undefined) {
        await app.authorizeBusiness(request.user!, request.params.id, 'counter');
        const cards = await app.repos.loyaltyCards.listByBusiness(request.params.id, filter);
        const expiring = await app.repos.loyaltyCards.expiringFor(cards.map((c) => c.id), app.clock());
        return cards.map((c) => toLoyaltyCardResponse(c, expiring.get(c.id)));
      }
      const page = { limit: limit ?? 50, offset: offset ?? 0 };
      const businessId = request.params.id;
      const ownerId = ownerScope(request.user!);
      const now = app.clock();
      // Points expiring in the next 30 days depend on the day: part of the key.
      const key = JSON.stringify(['page', businessId, now.toISOString().slice(0, 10), page.limit, page.offset, filter.q ?? null, filter.status ?? null, filter.minPoints ?? null]);
      return cachedRead(reply, key, businessId, ownerId, async () => {
        // The business check runs inside the page's statement (same rule and 404 as authorizeBusiness).
        const result = await app.repos.loyaltyCards.pageInScope(businessId, ownerId, { ...filter, ...page });
        if (!result) return null;
        const { items, total, marker } = result;
        const next = page.offset + items.length;
        const expiring = await app.repos.loyaltyCards.expiringFor(items.map((c) => c.id), now);
        const body = writeCardList({ items: items.map((c) => toLoyaltyCardResponse(c, expiring.get(c.id))), total, nextOffset: next < total ? next : null });
        return { marker, body };
      });
    },
  );

  app.get(
    '/business/:id/stats',
    {
      onRequest: adminOnly,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Statistiche della panoramica di un’azienda',
        description: 'Riquadri (totali, attive, media), fasce di punti e ultimi 6 mesi, calcolati nel database.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: cardStatsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const businessId = request.params.id;
      const ownerId = ownerScope(request.user!);
      const now = app.clock();
      // The last 6 months depend on the current (UTC) month, the points expiring in 30 days on the day: part of the key.
      const key = JSON.stringify(['stats', businessId, now.toISOString().slice(0, 10)]);
      return cachedRead(reply, key, businessId, ownerId, async () => {
        // The business check runs inside the statement (same rule and 404 as authorizeBusiness).
        const result = await app.repos.loyaltyCards.statsInScope(businessId, ownerId, now);
        if (!result) return null;
        const { marker, ...stats } = result;
        return { marker, body: writeStats(stats) };
      });
    },
  );

  // Decision 079: the money in the overview, for the owner and the super admin (staff: 403, like the stats).
  app.get(
    '/business/:id/sales-report',
    {
      onRequest: adminOnly,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Resoconto delle vendite di un’azienda',
        description:
          'Spesa e visite per mese (ultimi 12 mesi di calendario italiani), spesa media per visita, visite per cliente, clienti tornati entro 30/60/90 giorni, premi riscattati. ' +
          'Una visita è una vendita registrata alla cassa (`POST /loyalty-cards/{id}/sales`); i punti a mano non contano.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: salesReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const businessId = request.params.id;
      const ownerId = ownerScope(request.user!);
      const now = app.clock();
      // The months and the 30/60/90-day windows go by the Italian day: part of the key.
      const key = JSON.stringify(['sales-report', businessId, italianDay(now)]);
      return cachedRead(reply, key, businessId, ownerId, async () => {
        const result = await app.repos.salesReports.inScope(businessId, ownerId, now);
        if (!result) return null;
        const { marker, ...report } = result;
        return { marker, body: writeSalesReport(report) };
      });
    },
  );

  app.get(
    '/business/:id/count',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Quante carte ha un segmento di destinatari',
        description:
          'Le carte dell’azienda che una campagna con questo `segment` raggiungerebbe ora (stesso filtro dell’invio): tutte, attive, inattive o con consenso marketing (su uno dei `channels` dati, come l’invio su quel canale), con `min_points` e `q` facoltativi.',
        security: bearerAuth,
        params: idParamsSchema,
        querystring: segmentCountQuerySchema,
        response: { 200: z.object({ count: z.number().int().describe('Carte del segmento') }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { kind, min_points, q, channels } = request.query;
      await app.authorizeBusiness(request.user!, request.params.id);
      const count = await app.repos.loyaltyCards.countInScope(request.params.id, null, segmentFilter({ kind, min_points, q }, { channels }));
      if (count === null) throw notFound(MESSAGES.businessNotFound);
      return { count };
    },
  );

  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  /**
   * Sends a business's rows as a CSV download (features/import-export/csv-export.ts), or an Excel one with typed
   * cells when `types` are given (xlsx-export.ts, decision 073), streamed: the rows are read in batches as the
   * client takes the bytes. Personal data: never stored by a cache.
   */
  async function sendCsv(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    what: string,
    headers: string[],
    rows: (businessId: string, now: Date) => Readable,
    types?: XlsxType[],
  ): Promise<void> {
    const businessId = request.params.id;
    await app.authorizeBusiness(request.user!, businessId);
    const business = await app.repos.businesses.findPublic(businessId);
    if (!business) throw notFound(MESSAGES.businessNotFound);
    const now = app.clock();
    if (types) {
      const file = xlsxFile(what, headers, types, rows(businessId, now));
      file.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.error({ err: error }, `esportazione ${what} (Excel) interrotta`);
      });
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName(what, business.name, italianDay(now), 'xlsx')}"`)
        .header('cache-control', 'no-store')
        .send(file) as unknown as void;
    }
    const csv = csvWriter(headers);
    // A failure half-way (the database gone) cuts the download short; a client that goes away stops the reading.
    pipeline(rows(businessId, now), csv, (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.error({ err: error }, `esportazione ${what} interrotta`);
    });
    // Returning the reply tells Fastify the answer is under way (the typed route only knows the error bodies).
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(what, business.name, italianDay(now))}"`)
      .header('cache-control', 'no-store')
      .send(csv) as unknown as void;
  }

  const csvDescription =
    'UTF-8 con BOM, separatore `;`, righe CRLF, intestazioni in italiano, date `GG/MM/AAAA` (ora di Roma), decimali con la virgola; ' +
    "una cella di testo che inizia con `=`, `+`, `-`, `@`, tabulazione o a capo ha davanti un `'` (i numeri restano numeri). " +
    'Inviato a blocchi mentre si legge dal database.';

  const xlsxDescription =
    'Le stesse colonne del CSV in un file Excel (.xlsx) con celle tipizzate (decisione 073): punti e importi come numeri, date come date (ora di Roma), ' +
    'nomi, telefoni, email e numeri di carta come testo (formato `@`): nulla diventa numero, data o formula, e nessun apostrofo. Inviato a blocchi mentre si legge dal database.';

  /** The two files of a business (its cards, its ledger), each as CSV and as Excel: four routes, one declaration. */
  const EXPORTS = [
    {
      path: 'export',
      what: 'carte',
      title: 'le carte',
      columns: 'Dalla più recente: numero carta, nome, email, telefono, punti, punti in scadenza entro 30 giorni, data di nascita, data di creazione, consenso marketing per canale (sì/no).',
      headers: CARD_HEADERS,
      types: CARD_TYPES,
      rows: (id: string, now: Date) => cardRows(app.repos.exports, app.repos.loyaltyCards, id, now),
    },
    {
      path: 'ledger',
      what: 'movimenti',
      title: 'i movimenti punti',
      columns:
        'Dal più vecchio: data, numero carta, cliente, tipo (accredito, riscatto, scadenza, bonus compleanno, rettifica), punti, importo speso (le vendite), premio, descrizione, operatore.',
      headers: LEDGER_HEADERS,
      types: LEDGER_TYPES,
      rows: (id: string) => ledgerRows(app.repos.exports, id),
    },
  ] as const;
  const FORMATS = [
    { extension: 'csv', label: 'CSV', type: 'text/csv', file: 'Il file CSV', description: csvDescription, xlsx: false },
    { extension: 'xlsx', label: 'Excel', type: XLSX_TYPE, file: 'Il file Excel', description: xlsxDescription, xlsx: true },
  ] as const;
  for (const file of EXPORTS) {
    for (const format of FORMATS) {
      app.get(
        `/business/:id/${file.path}.${format.extension}`,
        {
          onRequest: adminOnly,
          schema: {
            tags: ['loyalty-cards'],
            summary: `Esporta ${file.title} di un’azienda (${format.label})`,
            description: `${file.columns} ${format.description}`,
            security: bearerAuth,
            params: idParamsSchema,
            produces: [format.type, 'application/json'],
            response: { 200: fileResponse(format.type, format.file), ...errorResponses(400, 401, 403, 404) },
          },
        },
        (request, reply) => sendCsv(request, reply, file.what, [...file.headers], file.rows, format.xlsx ? [...file.types] : undefined),
      );
    }
  }

  // The import's body is the file itself (text/csv), read whole as bytes up to its own limit.
  app.addContentTypeParser(['text/csv', XLSX_TYPE], { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  const importLimit = app.keyedRateLimit('card-import', app.config.cardImportRateLimitPerMinute);
  const importMb = IMPORT_MAX_BYTES / 1024 / 1024;

  app.post(
    '/business/:id/import',
    {
      onRequest: adminOnly,
      bodyLimit: IMPORT_MAX_BYTES,
      // A file over the limit gets its own sentence (the generic 413 says only "Richiesta troppo grande").
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: IMPORT_MESSAGES.tooLarge(importMb) });
        throw error;
      },
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Importa carte da un file CSV o Excel (.xlsx)',
        description:
          `Corpo: il file, al massimo ${importMb} MB e ${IMPORT_MAX_ROWS.toLocaleString('it-IT')} righe. CSV (\`Content-Type: text/csv\`): UTF-8 con o senza BOM, altrimenti letto come Windows-1252 (altre codifiche: 400), separatore \`;\` o \`,\` (quello più presente nell’intestazione). ` +
          `Excel (\`Content-Type: ${XLSX_TYPE}\`): il primo foglio con dati; numeri, date e testo come sono nelle celle, una formula non è mai calcolata. ` +
          'Colonne trovate dall’intestazione, maiuscole, accenti, spazi, `_`, `-` e `.` indifferenti (decisione 073): `nome`/`nome e cognome`/`full_name` e/o `cognome` (unito al nome), `email`/`e-mail`/`mail` e/o `cellulare`/`telefono cellulare`/`mobile`/`telefono`/`phone`, facoltative `punti`/`saldo`/`points` e `data di nascita`/`data nascita`/`birth_date` (GG/MM/AAAA o AAAA-MM-GG); le altre sono ignorate. ' +
          'La risposta dice come è stato letto il file (`format`), le colonne usate e ignorate (`columns`) e le prime righe come verrebbero salvate (`sample`). ' +
          'Consenso marketing (decisione 050), facoltativo: `consenso marketing`/`marketing_consent` (canali: email, sms, whatsapp, separati da `,`, `|` o spazio), ' +
          '`data consenso`/`consent_date` (quando è stato dato: non nel futuro, non più di 24 mesi fa) e `fonte consenso`/`consent_source` (come, al massimo 200 caratteri), tutte e tre o nessuna; ' +
          'una riga con consenso scrive un evento per canale (origine import, datato il giorno del file, con la fonte come prova). ' +
          'Ogni riga segue le regole di una carta creata dall’API (telefono in E.164); una riga con email o telefono di una carta già dell’azienda è saltata («già presente»): importare due volte lo stesso file non cambia nulla. ' +
          '`dry_run=true` (predefinito) è l’anteprima; `dry_run=false` rivalida tutto e importa le righe valide in una sola transazione: ogni saldo positivo è una riga «Saldo importato» nei movimenti. ' +
          'Senza quelle colonne le carte importate non hanno consenso marketing; non hanno account, e nessun messaggio viene inviato. ' +
          'Un file illeggibile (codifica, intestazione, righe o colonne oltre il limite) risponde 400 e non scrive nulla. Al massimo CARD_IMPORT_RATE_LIMIT richieste al minuto per azienda (429).',
        security: bearerAuth,
        params: idParamsSchema,
        querystring: cardImportQuerySchema,
        consumes: ['text/csv', XLSX_TYPE],
        response: { 200: cardImportOutcomeSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const businessId = request.params.id;
      await app.authorizeBusiness(request.user!, businessId);
      await importLimit(request, reply, businessId);
      const body: unknown = request.body;
      if (body === undefined || body === null) throw badRequest(IMPORT_MESSAGES.empty);
      if (!Buffer.isBuffer(body)) throw new HttpError(415, MESSAGES.unsupportedMediaType);
      const now = app.clock();
      const input = { businessId, authorId: request.user!.id, now, today: italianDay(now), body, dryRun: request.query.dry_run };
      // A card number taken by a signup during the import: the whole import again (nothing of it was kept).
      for (let attempt = 1; ; attempt++) {
        try {
          const outcome = await importCards(app.db, input);
          if (!outcome) throw notFound(MESSAGES.businessNotFound);
          return outcome;
        } catch (error) {
          if (attempt >= 3 || !isCardNumberClash(error)) throw error;
        }
      }
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Una carta fedeltà',
        description: 'Admin: carte delle proprie aziende; cliente: le proprie; super admin: tutte.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: cardDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const card = await cardInScope(app.repos.loyaltyCards, request.params.id, request.user!);
      const expiring = await app.repos.loyaltyCards.expiringFor([card.id], app.clock());
      return { ...toLoyaltyCardResponse(card, expiring.get(card.id)), business_name: card.business_name };
    },
  );

  app.get(
    '/:id/ledger',
    {
      onRequest: app.authenticate,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Movimenti punti di una carta',
        description: 'Dal più recente. Stesse regole di accesso di `GET /loyalty-cards/{id}`.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(ledgerEntrySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.repos.loyaltyCards.ledger(await visibleCardId(request.params.id, request.user!)),
  );

  app.get(
    '/:id/consents',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Storico dei consensi di una carta',
        description:
          'Ogni consenso dato, rinnovato, revocato o scaduto, dal più recente (decisione 047): finalità, canale, versione del testo, origine e autore. ' +
          'Solo gli admin dell’azienda della carta e il super admin; la carta di un altro negozio risponde 404.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: z.array(consentEventSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.repos.consents.history(await visibleCardId(request.params.id, request.user!)),
  );

  app.put(
    '/:id/marketing-consent',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Registra il consenso marketing dato o revocato in negozio',
        description:
          'Un admin dell’azienda della carta (o il super admin) registra ciò che il cliente ha chiesto al banco: i canali indicati diventano quelli del consenso, ' +
          'con un evento per ogni canale concesso o revocato (origine admin, con l’autore) nella stessa transazione (decisione 047). 404 per la carta di un altro negozio.',
        security: bearerAuth,
        params: idParamsSchema,
        body: marketingConsentBodySchema,
        response: { 200: marketingConsentResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = request.user!;
      const find = (tx: Queryable) => app.reposOf(tx).loyaltyCards.findInScope(request.params.id, cardScope(user));
      return { message: MESSAGES.marketingConsentSaved, ...(await recordMarketingRequest(app, find, request.body, { source: 'admin', actorUserId: user.id })) };
    },
  );

  app.post(
    '/:id/points',
    {
      onRequest: counter,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Aggiunge o toglie punti',
        description:
          `Una transazione: riga nel registro dei movimenti e nuovo saldo. Il saldo resta tra 0 e ${POINTS_BALANCE_MAX}. Un operatore di cassa può solo aggiungere punti (togliere è 403). ` +
          'Con l’intestazione facoltativa `Idempotency-Key` (una per invio, la stessa nei tentativi ripetuti) lo stesso invio ripetuto registra un solo movimento ' +
          'e riceve la stessa risposta (con l’intestazione `idempotent-replay: true`); la stessa chiave con un’altra variazione, o già usata sulla carta ' +
          'per una vendita o un riscatto, risponde 422 e non registra nulla.',
        security: bearerAuth,
        params: idParamsSchema,
        headers: pointsHeadersSchema,
        body: pointsBodySchema,
        response: { 200: pointsResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { points, description } = request.body;
      // Decision 070: the counter adds points; taking them away is a correction for the shop's admins.
      if (user.role === 'staff' && points < 0) throw forbidden();
      const key = request.headers['idempotency-key'];
      const change = { points, description, authorId: user.id, at: app.clock(), key };
      // Without a key, one statement: the balance and the ledger row together (see addPoints). With one, the
      // card's row is locked first to look the key up, so it runs in a transaction.
      const result =
        key === undefined
          ? await app.repos.loyaltyCards.addPoints(request.params.id, cardScope(user), change)
          : await app.db.transaction((tx) => app.reposOf(tx).loyaltyCards.addPoints(request.params.id, cardScope(user), change));
      if (result === null) throw notFound(MESSAGES.cardNotFound);
      if (result === 'negative') throw badRequest(MESSAGES.insufficientPoints);
      if (result === 'over-limit') throw badRequest(POINTS_MESSAGES.balance(POINTS_BALANCE_MAX));
      if (result === 'stamps') throw badRequest(REWARD_MESSAGES.stampsWholeNumbers);
      if (result === 'key-reused') throw new HttpError(422, REWARD_MESSAGES.keyReused);
      if (result.replayed) reply.header('idempotent-replay', 'true');
      return { message: MESSAGES.pointsUpdated, card_id: request.params.id, points: result.balance, entry: result.entry };
    },
  );

  // Sales at the counter (docs/decisions/075-points-from-the-sale.md): who may record points may record a sale.
  app.post(
    '/:id/sales',
    {
      onRequest: counter,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Registra una vendita',
        description:
          'I punti li calcola il server dalla regola del programma (per euro o per visita) e dalle promozioni attive ora. ' +
          'Ogni invio porta la sua `Idempotency-Key`: lo stesso invio ripetuto (doppio tocco, nuovo tentativo, altro dispositivo) registra una sola vendita e riceve la stessa risposta ' +
          '(con l’intestazione `idempotent-replay: true`). Una vendita sulla stessa carta entro 60 secondi dalla precedente risponde 409 con la domanda da porre, salvo `confirm: true`. ' +
          'Con la regola a visita (una al giorno) una seconda visita nello stesso giorno è rifiutata (400). Con i punti a mano: 400, si usa `/points`. ' +
          'Una chiave già usata sulla carta per un’altra operazione (punti, riscatto) risponde 422 e non registra nulla.',
        security: bearerAuth,
        params: idParamsSchema,
        headers: saleHeadersSchema,
        body: saleBodySchema,
        response: { 200: saleResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const cardId = request.params.id;
      const amountCents = request.body.amount ?? null;
      const now = app.clock();
      let businessId = saleCardBusiness.get(cardId) ?? saleUserBusiness.get(user.id) ?? null;
      let reload = false;
      for (let attempt = 0; ; attempt++) {
        const terms = businessId === null ? null : await saleTerms(businessId, reload);
        const rule = terms?.program.earning_rule;
        if (businessId !== null && (rule === undefined || rule === 'manual' || (rule === 'per_euro' && amountCents === null))) {
          // The program's refusals come after the card's scope (as one of another shop answers 404, whatever its program).
          const card = await cardInScope(app.repos.loyaltyCards, cardId, user);
          if (card.business_id !== businessId) {
            businessId = card.business_id;
            saleCardBusiness.set(cardId, businessId);
            continue;
          }
          throw badRequest(rule === 'per_euro' ? EARNING_MESSAGES.amountRequired : EARNING_MESSAGES.manualRule);
        }
        const earning = terms && saleEarning(terms.program, terms.promotions, amountCents, now);
        const outcome = await app.repos.rewards.recordSale(cardId, {
          servedBy: ownerScope(user),
          businessId,
          version: terms?.version ?? null,
          sale: terms && earning && {
            program: terms.program,
            earning,
            amountCents,
            description: EARNING_MESSAGES.saleDescription(amountCents, earning.promotions.map((p) => p.name)),
          },
          key: request.headers['idempotency-key'],
          confirm: request.body.confirm === true,
          authorId: user.id,
          at: now,
          balanceMax: POINTS_BALANCE_MAX,
        });
        if (outcome === null) {
          saleCardBusiness.delete(cardId);
          throw notFound(MESSAGES.cardNotFound);
        }
        if ('stale' in outcome) {
          // Unknown card, a card moved to another shop, or terms changed since they were kept: read them again.
          if (attempt >= SALE_ATTEMPTS) throw new Error('The card\'s business or its earning terms kept changing during the sale');
          reload = outcome.stale === businessId;
          businessId = outcome.stale;
          saleCardBusiness.set(cardId, businessId);
          continue;
        }
        // The sale's statement confirmed the card's business: the guess for this user's next card.
        if (businessId !== null) saleUserBusiness.set(user.id, businessId);
        if ('recent' in outcome) throw new HttpError(409, EARNING_MESSAGES.recentSale(outcome.recent, terms!.program.loyalty_mode));
        if ('refused' in outcome) {
          if (outcome.refused === 'key-reused') throw new HttpError(422, REWARD_MESSAGES.keyReused);
          throw badRequest(outcome.refused === 'visited-today' ? EARNING_MESSAGES.visitedToday : POINTS_MESSAGES.balance(POINTS_BALANCE_MAX));
        }
        if (outcome.replayed) reply.header('idempotent-replay', 'true');
        return { message: EARNING_MESSAGES.saleRecorded, card_id: cardId, points: outcome.balance, earning: outcome.earning, entry: outcome.entry };
      }
    },
  );

  app.get(
    '/:id/sales/preview',
    {
      onRequest: counter,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Punti che una vendita guadagnerebbe ora',
        description: 'Lo stesso calcolo della registrazione (regola e promozioni di questo momento), senza scrivere nulla: la cassa li mostra prima di confermare.',
        security: bearerAuth,
        params: idParamsSchema,
        querystring: salePreviewQuerySchema,
        response: { 200: salePreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const card = await cardInScope(app.repos.loyaltyCards, request.params.id, request.user!);
      const [program, promotions] = await Promise.all([app.repos.rewards.program(card.business_id), app.repos.promotions.listByBusiness(card.business_id)]);
      if (!program) throw notFound(MESSAGES.cardNotFound);
      return {
        earning_rule: program.earning_rule,
        loyalty_mode: program.loyalty_mode,
        earning: saleEarning(program, promotions, request.query.amount ?? null, app.clock()),
      };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['loyalty-cards'],
        summary: 'Elimina una carta',
        description: 'Con il suo registro dei movimenti.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await app.repos.loyaltyCards.deleteInScope(request.params.id, cardScope(request.user!)))) throw notFound(MESSAGES.cardNotFound);
      return { message: MESSAGES.cardDeleted };
    },
  );
};

export default loyaltyCardRoutes;
