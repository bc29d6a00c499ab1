/**
 * Apple Wallet. The pass download (an unguessable per-card token in the link) and Apple's PassKit
 * web service under /api/wallet/apple/v1 as Apple specifies it: register and unregister a device, the passes
 * updated since a tag, the latest pass (If-Modified-Since → 304), log. Decision 040.
 * Google Wallet's short save link (an unguessable per-card token; 302 to Google's save URL signed on the spot)
 * and the loyalty class's logo in the shop's colour. Decision 044.
 */
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { createDatabaseAdmission } from '../../lib/hashing-queue';
import { applePassAuth, bearerAuth, emptyResponse, errorResponses, fileResponse } from '../../schemas/common';
import { walletStatusSchema } from './schemas';
import { walletStatus } from '../../config/wallet';
import { DEFAULT_BACKGROUND } from './google';
import { LOGO_SIZE, logoPng, parseHexColor } from './images';
import { WALLET_MESSAGES } from './messages';
import type { AppleWallet, GoogleWallet } from './plugin';
import { DEVICES_PER_PASS, type PassContent } from './repository';

const PKPASS_TYPE = 'application/vnd.apple.pkpass';
/** The largest body of Apple's log route, and its requests per minute per client address (decision 059). */
export const WALLET_LOG_BODY_LIMIT = 16 * 1024;
export const WALLET_LOGS_PER_MINUTE = 30;
/** A link's token: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const segment = z.string().min(1).max(200);
const deviceParams = z.object({ device: segment, passTypeId: segment });
const passParams = deviceParams.extend({ serial: segment });

/** `Authorization: ApplePass <token>` matches the pass's token (compared in constant time). */
function authorised(request: FastifyRequest, pass: PassContent): boolean {
  const match = /^ApplePass\s+(\S+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(pass.auth_token);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/** Seconds of a date: HTTP dates have no milliseconds. */
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Rate limits of the public routes, per client IP (decision 042): a generous budget per route for Wallet's
   * own traffic (a phone asks for its passes, registers, logs), and a small one of failed lookups (a link or
   * pass token that matches nothing) shared by all of them: past it, the rest of the minute answers 429.
   */
  // A device's registration and removal write in a transaction: a flood of them from many addresses takes turns
  // (see createDatabaseAdmission), so on PGlite a health check or a dashboard query waits for one, not a queue.
  const deviceWrites = createDatabaseAdmission(app.db.kind);
  const publicLimit = { rateLimit: { max: app.config.walletRateLimitPerMinute ?? 600, timeWindow: '1 minute' } };
  const failedLookups = app.createRateLimit({ max: app.config.walletFailedLookupsPerMinute ?? 30, timeWindow: 60_000, keyGenerator: (request) => `wallet-failed-lookup:${request.clientIp}` });
  /** Counts a failed lookup and answers `error`, or 429 once this address has failed too often this minute. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, error: HttpError): Promise<never> {
    const limit = await failedLookups(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new HttpError(429, MESSAGES.tooManyRequests);
    }
    throw error;
  }
  /**
   * The logos of the shops' colours served so far (about 5 KB each). Only a colour a shop has (or the default blue)
   * is drawn, and drawing is a palette over a ring drawn at start (features/wallet/images.ts): an address cannot make the
   * instance draw, nor fill this, with colours of its own. A colour a shop has left still answers for a while:
   * Google may fetch it until the class's next sync.
   */
  const logos = new LRUCache<string, Buffer>({ max: 1000, ttl: 60 * 60_000 });
  const google = (): GoogleWallet => {
    if (!app.wallet.google) throw notFound(WALLET_MESSAGES.googleNotConfigured);
    return app.wallet.google;
  };
  const apple = (): AppleWallet => {
    if (!app.wallet.apple) throw notFound(WALLET_MESSAGES.appleNotConfigured);
    return app.wallet.apple;
  };
  /** The pass of `serial` if it is of this pass type, and the request carries its token; else 404 or 401. */
  async function authorisedPass(request: FastifyRequest, reply: FastifyReply, passTypeId: string, serial: string): Promise<{ wallet: AppleWallet; pass: PassContent }> {
    const wallet = apple();
    const pass = passTypeId === wallet.config.passTypeId ? await wallet.repo.contentBy('serial_number', serial) : null;
    // Unknown pass and wrong token answer alike: 401 (Apple's "request not authorized").
    if (!pass || !authorised(request, pass)) return refuse(request, reply, new HttpError(401, WALLET_MESSAGES.notAuthorised));
    return { wallet, pass };
  }
  async function sendPass(reply: FastifyReply, wallet: AppleWallet, pass: PassContent) {
    const pkpass = await wallet.build(pass);
    return reply
      .header('content-type', PKPASS_TYPE)
      // Whole seconds; every change of a pass stamps a later second than the one before (migration 030, decision 072).
      .header('last-modified', new Date(seconds(pass.modified_at) * 1000).toUTCString())
      .header('cache-control', 'no-store')
      .send(pkpass);
  }

  // For the dashboard's settings (Impostazioni App → Wallet) and the card row's "Invia link wallet".
  app.get(
    '/status',
    {
      onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')],
      schema: {
        tags: ['wallet'],
        summary: 'Quali wallet sono configurati',
        description:
          'Per Apple Wallet e Google Wallet: configurato o no, se con i certificati di sviluppo, e (solo al super admin) le variabili d’ambiente che mancano. Nessun segreto nella risposta.',
        security: bearerAuth,
        response: { 200: walletStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => walletStatus(app.config.wallet, { superAdmin: request.user!.role === 'super_admin' }),
  );

  app.get(
    '/apple/pass/:file',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Scarica il pass Apple Wallet di una carta',
        description: 'Pubblica: il link contiene il codice segreto della carta (`<token>.pkpass`). 404 se il codice non esiste o Apple Wallet non è configurato.',
        params: z.object({ file: z.string().min(1).max(200) }),
        response: { 200: fileResponse(PKPASS_TYPE, 'Il pass firmato'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const wallet = apple();
      const token = /^([A-Za-z0-9_-]{43})\.pkpass$/.exec(request.params.file)?.[1];
      const pass = token ? await wallet.repo.contentBy('download_token', token) : null;
      if (!pass) return refuse(request, reply, notFound(WALLET_MESSAGES.passNotFound));
      return sendPass(reply.header('content-disposition', `attachment; filename="carta-${pass.card_number}.pkpass"`), wallet, pass);
    },
  );

  app.get(
    '/google/save/:token',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Salva la carta in Google Wallet (link breve)',
        description:
          'Pubblica: il link contiene il codice segreto della carta. Risponde 302 verso la pagina di salvataggio di Google ' +
          '(`https://pay.google.com/gp/v/save/<JWT>`, firmato ora con il saldo e i dati attuali della carta), senza cache né ' +
          'referrer. 404 se il codice non esiste o Google Wallet non è configurato.',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 302: emptyResponse('Verso la pagina di salvataggio di Google (`Location`)'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const wallet = google();
      const token = request.params.token;
      const location = TOKEN.test(token) ? await wallet.saveUrlOf(token) : null;
      if (!location) return refuse(request, reply, notFound(WALLET_MESSAGES.saveLinkNotFound));
      return reply.header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').code(302).send();
    },
  );

  app.get(
    '/logo/:file',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Logo della carta Google Wallet nel colore del negozio',
        description:
          `Pubblica: PNG ${LOGO_SIZE}×${LOGO_SIZE} (\`<rrggbb>.png\`, 6 cifre esadecimali minuscole), il colore del negozio con un ` +
          'cerchio chiaro o scuro per il contrasto. Google lo scarica per il `programLogo` della classe. Cache di un anno: ' +
          'il contenuto dipende solo dal nome. Solo i colori dei negozi (e il blu predefinito): 404 per un altro colore o un nome ' +
          'diverso, contati come i link sbagliati (WALLET_FAILED_LOOKUP_LIMIT, poi 429); 404 se Google Wallet non è configurato.',
        params: z.object({ file: z.string().min(1).max(200) }),
        response: { 200: fileResponse('image/png', 'Il logo'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const wallet = google();
      const hex = /^([0-9a-f]{6})\.png$/.exec(request.params.file)?.[1];
      if (!hex) return refuse(request, reply, notFound(WALLET_MESSAGES.logoNotFound));
      let png = logos.get(hex);
      if (!png) {
        if (`#${hex}` !== DEFAULT_BACKGROUND && !(await wallet.repo.isShopColor(`#${hex}`))) return refuse(request, reply, notFound(WALLET_MESSAGES.logoColorUnknown));
        png = logoPng(parseHexColor(`#${hex}`)!, LOGO_SIZE);
        logos.set(hex, png);
      }
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
    },
  );

  app.post(
    '/apple/v1/devices/:device/registrations/:passTypeId/:serial',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'PassKit: registra un dispositivo per gli aggiornamenti di un pass',
        description:
          `201 registrato, 200 già registrato (il push token si aggiorna), 401 token del pass sbagliato. Un pass tiene i suoi ` +
          `${DEVICES_PER_PASS} dispositivi più recenti: registrarne un altro toglie il più vecchio.`,
        params: passParams,
        body: z.object({ pushToken: z.string().min(1).max(400) }),
        security: applePassAuth,
        response: { 200: emptyResponse('Già registrato'), 201: emptyResponse('Registrato'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { device, passTypeId, serial } = request.params;
      const { wallet, pass } = await authorisedPass(request, reply, passTypeId, serial);
      const result = await deviceWrites.run(request.clientIp, () => wallet.repo.register(pass.serial_number, device, request.body.pushToken));
      if (!result) throw new HttpError(401, WALLET_MESSAGES.notAuthorised); // the card went meanwhile
      return reply.code(result === 'created' ? 201 : 200).send();
    },
  );

  app.delete(
    '/apple/v1/devices/:device/registrations/:passTypeId/:serial',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'PassKit: un dispositivo non vuole più gli aggiornamenti di un pass',
        params: passParams,
        security: applePassAuth,
        response: { 200: emptyResponse('Tolto'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { device, passTypeId, serial } = request.params;
      const { wallet, pass } = await authorisedPass(request, reply, passTypeId, serial);
      await deviceWrites.run(request.clientIp, () => wallet.repo.unregister(pass.serial_number, device));
      return reply.code(200).send();
    },
  );

  app.get(
    '/apple/v1/devices/:device/registrations/:passTypeId',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'PassKit: i pass del dispositivo aggiornati dopo un tag',
        description: '200 `{ serialNumbers, lastUpdated }`, 204 se nessuno.',
        params: deviceParams,
        querystring: z.object({ passesUpdatedSince: z.string().max(40).optional() }),
        response: {
          200: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string().describe('Il tag da mandare come passesUpdatedSince la prossima volta') }),
          204: emptyResponse('Nessun pass aggiornato'),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const wallet = apple();
      if (request.params.passTypeId !== wallet.config.passTypeId) return reply.code(204).send();
      const tag = request.query.passesUpdatedSince;
      const since = tag !== undefined && /^\d{1,15}$/.test(tag) ? Number(tag) : null;
      const result = await wallet.repo.updatedSince(request.params.device, since);
      if (result.serialNumbers.length === 0) return reply.code(204).send();
      return reply.code(200).send({ serialNumbers: result.serialNumbers, lastUpdated: String(result.lastUpdated) });
    },
  );

  app.get(
    '/apple/v1/passes/:passTypeId/:serial',
    {
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'PassKit: l’ultima versione di un pass',
        description: 'Con `Authorization: ApplePass <token>`. 304 se non è cambiato dopo If-Modified-Since.',
        params: passParams.omit({ device: true }),
        security: applePassAuth,
        response: { 200: fileResponse(PKPASS_TYPE, 'Il pass firmato'), 304: emptyResponse('Non cambiato dopo If-Modified-Since'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { wallet, pass } = await authorisedPass(request, reply, request.params.passTypeId, request.params.serial);
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && seconds(pass.modified_at) <= since / 1000) return reply.code(304).send();
      return sendPass(reply, wallet, pass);
    },
  );

  app.post(
    '/apple/v1/log',
    {
      // Wallet logs a few short lines now and then: anything larger is refused before it is read (413), and a
      // client address gets a few requests a minute, so the route cannot be used to fill the logs.
      bodyLimit: WALLET_LOG_BODY_LIMIT,
      config: { rateLimit: { max: WALLET_LOGS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['wallet'],
        summary: 'PassKit: messaggi di errore dei dispositivi',
        description: `Al massimo ${WALLET_LOG_BODY_LIMIT / 1024} KB (413 oltre) e ${WALLET_LOGS_PER_MINUTE} richieste al minuto per IP (429 oltre).`,
        body: z.object({ logs: z.array(z.string().max(2000)).max(100) }),
        response: { 200: emptyResponse('Ricevuti'), ...errorResponses(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      apple();
      for (const message of request.body.logs) request.log.warn({ walletLog: message }, 'Apple Wallet device log');
      return reply.code(200).send();
    },
  );
};

export default walletRoutes;
