/**
 * One-click opt-out of marketing e-mail (RFC 8058, decision 074). Every marketing e-mail names
 * `<PUBLIC_URL>/api/unsubscribe/<token>` in `List-Unsubscribe` (with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`) and in its visible «Annulla l'iscrizione» link. The token is signed, not stored:
 * the card's id and the channel with an HMAC-SHA256 under a key derived from SECRETS_KEY, so it needs no login
 * and no table, and a changed token is refused. GET shows a page with a button and changes nothing (link
 * scanners prefetch); POST with `List-Unsubscribe=One-Click` (the mail client's, or the page's button) withdraws
 * the card's e-mail marketing consent at once, as a consent event with source 'unsubscribe'.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_WORDING } from '../../consent-wording';
import { errorSchema, messageSchema } from '../../schemas/common';
import { createConsentsRepository } from '../consents/repository';
import { escapeHtml, UNSUBSCRIBE_LINK_TEXT } from './email';
import type { Channel } from './types';

const TOKEN_LABEL = 'loyalty unsubscribe v1';

/** The HMAC key of the unsubscribe tokens, derived from the secrets key (one per deployment, kept across restarts). */
export const unsubscribeKey = (secretsKey: Buffer) => Buffer.from(crypto.hkdfSync('sha256', secretsKey, Buffer.alloc(0), TOKEN_LABEL, 32));

const mac = (key: Buffer, cardId: string, channel: Channel) =>
  crypto.createHmac('sha256', key).update(`${channel}\u0000${cardId}`).digest().subarray(0, 18).toString('base64url');

/** `<card id, base64url>.<HMAC, base64url>`: the e-mail channel's token for a card. */
export function unsubscribeToken(key: Buffer, cardId: string, channel: Channel = 'email'): string {
  return `${Buffer.from(cardId).toString('base64url')}.${mac(key, cardId, channel)}`;
}

/** The card a token names, or null when it was not made with this key (changed, truncated, another deployment's). */
export function verifyUnsubscribeToken(key: Buffer, token: string, channel: Channel = 'email'): string | null {
  const [encodedId, signature, ...rest] = token.split('.');
  if (!encodedId || !signature || rest.length > 0) return null;
  const cardId = Buffer.from(encodedId, 'base64url').toString();
  const expected = Buffer.from(mac(key, cardId, channel));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? cardId : null;
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/unsubscribe/${encodeURIComponent(token)}`;

export const UNSUBSCRIBE_MESSAGES = {
  title: 'Annulla l’iscrizione',
  question: (shop: string) => `Non vuoi più ricevere email promozionali da ${shop}?`,
  done: (shop: string) => `Iscrizione annullata: non riceverai più email promozionali da ${shop}.`,
  doneDetail: 'Continuerai a ricevere solo i messaggi di servizio della tua carta fedeltà (ad esempio i link di accesso).',
  invalid: 'Link non valido o scaduto: controlla di averlo copiato per intero dall’email.',
  badBody: 'Richiesta non valida: serve List-Unsubscribe=One-Click.',
} as const;

/** The page's own policy: nothing loads, its inline style applies, its one form posts back here. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>body{font-family:system-ui,Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111827;line-height:1.5}` +
    `button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;cursor:pointer}` +
    `button:focus-visible{outline:3px solid #111827;outline-offset:2px}</style></head><body><main>${body}</main></body></html>`
  );
}

const tokenParams = z.object({ token: z.string().min(1).max(500) });

/** An answer as `answer` gives it: JSON for a mail client or a script, a small page for a browser. */
const jsonOrPage = (json: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema: json }, 'text/html': { schema: z.any().meta({ type: 'string' }).describe('La pagina') } },
});
const refusals = { 404: jsonOrPage(errorSchema, 'Link non valido o carta che non esiste più') };

const unsubscribeRoutes: FastifyPluginAsyncZod = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const key = unsubscribeKey(app.messaging.config.secretsKey);
  const rateLimit = { max: app.config.customerLinkRateLimitPerMinute ?? 10, timeWindow: '1 minute' };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The card a token names and its shop's name, or null. */
  async function cardOf(token: string) {
    const cardId = verifyUnsubscribeToken(key, token);
    if (!cardId) return null;
    const { rows } = await app.db.query<{ id: string; shop: string }>(
      'SELECT c.id, b.name AS shop FROM loyalty_cards c JOIN businesses b ON b.id = c.business_id WHERE c.id = $1',
      [cardId],
    );
    return rows[0] ?? null;
  }

  /**
   * A browser (the link in the e-mail, the page's button: `Accept: text/html`) gets a page; anything else — a mail
   * client's one-click POST, a script — the API's JSON (`{ message }`, or `{ error }` with the same words).
   */
  function answer(request: FastifyRequest, reply: FastifyReply, status: number, text: string, html: string) {
    if (!/\btext\/html\b/.test(request.headers.accept ?? '')) return reply.code(status).send(status >= 400 ? { error: text } : { message: text });
    reply.header('content-security-policy', PAGE_CSP);
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    return reply.code(status).send(page(UNSUBSCRIBE_MESSAGES.title, `<h1>${escapeHtml(UNSUBSCRIBE_MESSAGES.title)}</h1>${html}`));
  }
  const alert = (text: string) => `<p role="alert">${escapeHtml(text)}</p>`;

  app.get(
    '/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['consents'],
        summary: 'Pagina per annullare l’iscrizione alle email promozionali',
        description: 'Pubblica, dal link di ogni email promozionale. Mostra un pulsante di conferma e non cambia nulla (i programmi che controllano i link la aprono da soli).',
        params: tokenParams,
        response: { 200: jsonOrPage(messageSchema, 'La domanda di conferma'), ...refusals },
      },
    },
    async (request, reply) => {
      const card = await cardOf(request.params.token);
      if (!card) return answer(request, reply, 404, UNSUBSCRIBE_MESSAGES.invalid, alert(UNSUBSCRIBE_MESSAGES.invalid));
      const question = UNSUBSCRIBE_MESSAGES.question(card.shop);
      return answer(
        request,
        reply,
        200,
        question,
        `<p>${escapeHtml(question)}</p>` +
          `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(UNSUBSCRIBE_LINK_TEXT)}</button></form>`,
      );
    },
  );

  app.post(
    '/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['consents'],
        summary: 'Annulla l’iscrizione alle email promozionali (un clic, RFC 8058)',
        description:
          'Pubblica. Corpo `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded), come lo inviano i programmi di posta: ' +
          'toglie subito il consenso marketing email della carta, registrato come evento di consenso con fonte `unsubscribe`. Ripeterla non cambia altro.',
        params: tokenParams,
        consumes: ['application/x-www-form-urlencoded'],
        response: { 200: jsonOrPage(messageSchema, 'Iscrizione annullata'), 400: jsonOrPage(errorSchema, 'Corpo diverso da List-Unsubscribe=One-Click'), ...refusals },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body['List-Unsubscribe'] !== 'One-Click') return answer(request, reply, 400, UNSUBSCRIBE_MESSAGES.badBody, alert(UNSUBSCRIBE_MESSAGES.badBody));
      const card = await cardOf(request.params.token);
      if (!card) return answer(request, reply, 404, UNSUBSCRIBE_MESSAGES.invalid, alert(UNSUBSCRIBE_MESSAGES.invalid));
      await app.db.transaction(async (tx) => {
        await createConsentsRepository(tx).setMarketingConsent(card.id, (current) => current.filter((c) => c !== 'email'), {
          source: 'unsubscribe',
          wordingVersion: CONSENT_WORDING.unsubscribe,
          at: app.clock(),
        });
      });
      request.log.info({ cardId: card.id }, 'marketing e-mail unsubscribed');
      const done = UNSUBSCRIBE_MESSAGES.done(card.shop);
      return answer(request, reply, 200, done, `<p role="status">${escapeHtml(done)}</p><p>${escapeHtml(UNSUBSCRIBE_MESSAGES.doneDetail)}</p>`);
    },
  );
};

export default unsubscribeRoutes;
