import { z } from 'zod';
import type { LoyaltyCardRecord } from '../repositories/loyalty-cards';
import { MESSAGES } from '../messages';
import { dateSchema, requiredEmail, timestampSchema } from './common';

export const loyaltyCardSchema = z
  .object({
    id: z.string(),
    business_id: z.string(),
    user_id: z.string().nullable(),
    card_number: z.string(),
    customer_name: z.string(),
    customer_phone: z.string().nullable(),
    email: z.string().nullable(),
    birth_date: dateSchema.nullable(),
    points: z.number(),
    created_at: timestampSchema,
    bonus_due: z.boolean().describe("Un premio raggiunto che nessun WhatsApp ha annunciato (WhatsApp non abilitato, STOP, niente telefono): badge 'Bonus!'"),
    last_bonus_at: timestampSchema.nullable().describe('Quando è stato messo in coda l’ultimo WhatsApp bonus della carta'),
    // SPEC §3: the same values under the names older clients read.
    customername: z.string(),
    customerphone: z.string().nullable(),
    customeremail: z.string().nullable(),
    birthdate: dateSchema.nullable(),
    createdat: timestampSchema,
  })
  .describe('Carta fedeltà');

export type LoyaltyCardResponse = z.infer<typeof loyaltyCardSchema>;

/** Every field written out (no spread of the database row): one object of a fixed shape per card, built fast. */
export function toLoyaltyCardResponse(card: LoyaltyCardRecord): LoyaltyCardResponse {
  return {
    id: card.id,
    business_id: card.business_id,
    user_id: card.user_id,
    card_number: card.card_number,
    customer_name: card.customer_name,
    customer_phone: card.customer_phone,
    email: card.email,
    birth_date: card.birth_date,
    points: card.points,
    created_at: card.created_at,
    bonus_due: card.bonus_due,
    last_bonus_at: card.last_bonus_at,
    customername: card.customer_name,
    customerphone: card.customer_phone,
    customeremail: card.email,
    birthdate: card.birth_date,
    createdat: card.created_at,
  };
}

/** Whether the card list was asked for a page: any paging parameter given. */
export const cardListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional().describe('Carte per pagina (1-500); con `limit` o `offset` la risposta è una pagina'),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().describe('Carte da saltare (default 0)'),
  q: z.string().trim().max(100).optional().describe('Cerca nel nome, nel numero di carta e nel telefono'),
  status: z.enum(['active', 'inactive']).optional().describe('active: punti > 0; inactive: punti = 0'),
  min_points: z.coerce.number().min(0).max(100_000_000).optional().describe('Solo le carte con almeno questi punti'),
});

export const cardPageSchema = z
  .object({
    items: z.array(loyaltyCardSchema),
    total: z.number().int().describe('Carte che corrispondono ai filtri'),
    nextOffset: z.number().int().nullable().describe("`offset` della pagina seguente, null se è l'ultima"),
  })
  .describe('Pagina di carte fedeltà');

export const cardDetailSchema = loyaltyCardSchema.extend({ business_name: z.string() }).describe('Carta fedeltà con il nome dell’azienda');

export const cardStatsSchema = z
  .object({
    total_cards: z.number().int(),
    total_points: z.number(),
    active_cards: z.number().int().describe('Carte con punti > 0'),
    average_points: z.number().describe('Media dei punti, due decimali; 0 senza carte'),
    buckets: z
      .object({ zero: z.number().int(), from1to50: z.number().int(), from51to100: z.number().int(), over100: z.number().int() })
      .describe('Carte per fascia di punti: 0, 1-50, 51-100, 101+'),
    months: z
      .array(z.object({ month: z.string().describe('YYYY-MM (UTC)'), new_cards: z.number().int(), points: z.number() }))
      .describe('Ultimi 6 mesi, dal più vecchio al corrente, a zero dove non c’è nulla: nuove carte e punti assegnati'),
  })
  .describe('Statistiche della panoramica');

const pointsField = z
  .number({ error: (issue) => (issue.input === undefined ? MESSAGES.pointsAndDescriptionRequired : undefined) })
  .min(-100_000_000)
  .max(100_000_000)
  .refine((n) => n !== 0, MESSAGES.pointsNotZero)
  .describe('Punti da aggiungere (negativi per toglierli); decimali ammessi, arrotondati al centesimo');

export const pointsBodySchema = z.object({
  points: pointsField,
  description: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.pointsAndDescriptionRequired : undefined) })
    .trim()
    .min(1, MESSAGES.pointsAndDescriptionRequired)
    .max(500),
});

export const ledgerEntrySchema = z
  .object({
    id: z.number().int(),
    card_id: z.string(),
    points: z.number(),
    description: z.string(),
    author_id: z.string().nullable(),
    author_name: z.string().nullable(),
    created_at: timestampSchema,
  })
  .describe('Movimento punti');

export const pointsResultSchema = z.object({
  message: z.string(),
  card_id: z.string(),
  points: z.number().describe('Nuovo saldo'),
  entry: ledgerEntrySchema,
});

const idField = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .trim()
    .min(1, message)
    .max(200);

export const qrScanBodySchema = z.object({
  card_id: idField(MESSAGES.cardOrUserMissing),
  user_id: idField(MESSAGES.cardOrUserMissing),
  points: z.number().min(1).max(100_000_000).describe('Punti da aggiungere, almeno 1'),
});

export const cardSignupBodySchema = z.object({
  email: requiredEmail(),
  full_name: z
    .string({ error: MESSAGES.fullNameRequired })
    .trim()
    .min(1, MESSAGES.fullNameRequired)
    .max(200),
  phone: z.string({ error: MESSAGES.phoneRequired }).trim().min(1, MESSAGES.phoneRequired).max(50),
  role: z.literal('client').optional().describe('Sempre client'),
  business_id: z.string().trim().min(1).max(200),
  privacy_ack: z.literal(true, { error: MESSAGES.privacyAckRequired }).describe("Presa visione dell'informativa privacy: deve essere true"),
  marketing_consent: z.boolean().optional().default(false).describe('Consenso alle comunicazioni commerciali'),
});

export const cardSignupResponseSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  business_name: z.string(),
  card_number: z.string(),
});
