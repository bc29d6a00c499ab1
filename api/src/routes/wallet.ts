/**
 * Issue 21: Apple Wallet. The pass download (an unguessable per-card token in the link) and Apple's PassKit
 * web service under /api/wallet/apple/v1 as Apple specifies it: register and unregister a device, the passes
 * updated since a tag, the latest pass (If-Modified-Since → 304), log. Decision 040.
 * Google Wallet's short save link (an unguessable per-card token; 302 to Google's save URL signed on the spot)
 * and the loyalty class's logo in the shop's colour. Decision 044.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { MESSAGES } from '../messages';
import { bearerAuth, errorResponses } from '../schemas/common';
import { walletStatusSchema } from '../schemas/wallet';
import { walletStatus } from '../wallet/config';
import { LOGO_SIZE, logoPng, parseHexColor } from '../wallet/images';
import { WALLET_MESSAGES } from '../wallet/messages';
import type { AppleWallet, GoogleWallet } from '../wallet/plugin';
import type { PassContent } from '../wallet/repository';

const PKPASS_TYPE = 'application/vnd.apple.pkpass';
/** A link's token: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The logos made so far, by colour: at most a few hundred shops' colours, about 10 KB each. */
const logos = new Map<string, Buffer>();
function logoOf(hex: string): Buffer | null {
  let png = logos.get(hex);
  if (!png) {
    const color = parseHexColor(`#${hex}`);
    if (!color) return null;
    png = logoPng(color, LOGO_SIZE);
    if (logos.size >= 500) logos.delete(logos.keys().next().value!);
    logos.set(hex, png);
  }
  return png;
}
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
  function sendPass(reply: FastifyReply, wallet: AppleWallet, pass: PassContent) {
    return reply
      .header('content-type', PKPASS_TYPE)
      .header('last-modified', new Date(seconds(pass.modified_at) * 1000).toUTCString())
      .header('cache-control', 'no-store')
      .send(wallet.build(pass));
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
      },
    },
    async (request, reply) => {
      const wallet = google();
      const token = request.params.token;
      const location = TOKEN.test(token) ? await wallet.saveUrlOf(token) : null;
      if (!location) return refuse(request, reply, notFound(WALLET_MESSAGES.saveLinkNotFound));
      return reply.code(302).header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
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
          'il contenuto dipende solo dal nome. 404 per un nome diverso.',
        params: z.object({ file: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const hex = /^([0-9a-f]{6})\.png$/.exec(request.params.file)?.[1];
      const png = hex ? logoOf(hex) : null;
      if (!png) throw notFound(WALLET_MESSAGES.logoNotFound);
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
        description: '201 registrato, 200 già registrato (il push token si aggiorna), 401 token del pass sbagliato.',
        params: passParams,
        body: z.object({ pushToken: z.string().min(1).max(400) }),
      },
    },
    async (request, reply) => {
      const { device, passTypeId, serial } = request.params;
      const { wallet, pass } = await authorisedPass(request, reply, passTypeId, serial);
      const result = await wallet.repo.register(pass.serial_number, device, request.body.pushToken);
      if (!result) throw new HttpError(401, WALLET_MESSAGES.notAuthorised); // the card went meanwhile
      return reply.code(result === 'created' ? 201 : 200).send();
    },
  );

  app.delete(
    '/apple/v1/devices/:device/registrations/:passTypeId/:serial',
    {
      config: publicLimit,
      schema: { tags: ['wallet'], summary: 'PassKit: un dispositivo non vuole più gli aggiornamenti di un pass', params: passParams },
    },
    async (request, reply) => {
      const { device, passTypeId, serial } = request.params;
      const { wallet, pass } = await authorisedPass(request, reply, passTypeId, serial);
      await wallet.repo.unregister(pass.serial_number, device);
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
      config: publicLimit,
      schema: {
        tags: ['wallet'],
        summary: 'PassKit: messaggi di errore dei dispositivi',
        body: z.object({ logs: z.array(z.string().max(2000)).max(100) }),
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
