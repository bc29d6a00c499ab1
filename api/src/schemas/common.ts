import { z } from 'zod';
import { MESSAGES } from '../messages';
import { normalizePhone } from '../lib/phone';
import { customerNameProblem } from '../lib/customer-name';
import { findUnstorableString } from '../validation';

export const errorSchema = z.object({ error: z.string().describe('Messaggio in italiano') }).describe('Errore').meta({ id: 'ApiError' });

/** Response schemas for the error statuses a route can answer, all `{ error }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<S, typeof errorSchema>;
}

export const idParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });

/** OpenAPI marker for routes that need `Authorization: Bearer <token>`. */
export const bearerAuth = [{ bearerAuth: [] }];
/** OpenAPI marker for the PassKit routes that need `Authorization: ApplePass <token del pass>`. */
export const applePassAuth = [{ applePass: [] }];


/** The answers declared with `emptyResponse`: the document writes them without content (plugins/swagger.ts). */
export const EMPTY_RESPONSES = new WeakSet<object>();

/** An answer without a body (a 201, 204, 302 or 304): declared in the document, nothing to send or serialise. */
export function emptyResponse(description: string) {
  const schema = z.undefined().describe(description);
  EMPTY_RESPONSES.add(schema);
  return schema;
}

/** An answer that is not JSON: a file or text of `type` (a CSV, a pass, an image, TwiML). */
export const fileResponse = (type: string, description: string) => ({
  description,
  // Bytes or text, sent as they are (never serialised): any value in TypeScript, a string in the document.
  content: { [type]: { schema: z.any().meta(type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' }).describe(description) } },
});

export const timestampSchema = z.iso.datetime().describe('ISO-8601, UTC');
export const dateSchema = z.iso.date().describe('YYYY-MM-DD');
export const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** A route's success answer that carries only an Italian sentence for the user. */
export const messageSchema = z.object({ message: z.string().describe('Messaggio in italiano') });

/** Optional free text of a form: trimmed, '' and null stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** An optional e-mail of a form: '' and null mean none; stored lower-case. */
export const optionalEmail = z
  .union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email())])
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/** A required e-mail: trimmed, lower-case. */
export const requiredEmail = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .min(1, message)
    .max(254)
    .toLowerCase()
    .pipe(z.email());

/**
 * The E.164 form of a trimmed, non-empty number, or an issue with `message` (decision 024). Text with a
 * character the database cannot store passes unchanged: the validator refuses it naming the field
 * ('contiene caratteri non validi'), like any other field.
 */
export function toE164(value: string, ctx: z.RefinementCtx, message: string): string {
  if (findUnstorableString(value)) return value;
  const e164 = normalizePhone(value);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * A required phone number: missing or blank → `requiredMessage`, not a valid number → 'Numero di telefono
 * non valido'; stored in E.164, a number without country code read as Italian.
 */
export const requiredPhone = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((v, ctx) => toE164(v, ctx, MESSAGES.phoneInvalid))
    .describe('Numero di telefono (senza prefisso internazionale: italiano); salvato in E.164, es. +393331234567');

/**
 * An optional phone number of a form: '' and null mean none (stored null), absent stays absent; anything
 * else must be a valid number (else 'Numero di telefono non valido', or `message`) and is stored in E.164.
 */
export const optionalPhone = (message: string = MESSAGES.phoneInvalid) =>
  z
    .string()
    .trim()
    .nullable()
    .optional()
    .transform((v, ctx) => (v === undefined ? undefined : v === null || v === '' ? null : toE164(v, ctx, message)))
    .describe('Numero di telefono facoltativo (senza prefisso internazionale: italiano); salvato in E.164, es. +393331234567');

/**
 * A customer's name: trimmed, inner spaces as one, required (`requiredMessage`), and the rule of every path that
 * writes one (src/lib/customer-name.ts): the same refusal, in the same words, as the import of a file.
 */
export const customerName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((v, ctx) => {
      // What the database cannot store is the validator's to refuse, naming the field (as toE164 does).
      if (findUnstorableString(v)) return v;
      const name = v.replace(/[ ]+/g, ' ');
      const problem = customerNameProblem(name);
      if (!problem) return name;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });
