import { z } from 'zod';
import { POINTS_BALANCE_MAX, type CardExpiring, type LoyaltyCardRecord } from './repository';
import { italianDay } from '../rewards/repository';
import { MESSAGES, POINTS_MESSAGES } from '../../messages';
import { canonicalChannels, CHANNELS, type Channel } from '../messaging/types';
import { customerName, dateSchema, requiredEmail, requiredPhone, timestampSchema } from '../../schemas/common';

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
    marketing_channels: z.array(z.enum(CHANNELS)).describe('Canali su cui il cliente accetta offerte e novità (ordine whatsapp, sms, email); [] per nessuno'),
    marketing_consent: z.boolean().describe('true se `marketing_channels` non è vuoto'),
    expiring_points: z.number().describe('Punti che scadono nei prossimi 30 giorni; 0 se nessuno o se i punti non scadono'),
    expiring_on: dateSchema.nullable().describe('Il primo giorno (ora italiana) in cui scadono alcuni di quei punti; null se nessuno'),
    // The same values under the names older clients read.
    customername: z.string(),
    customerphone: z.string().nullable(),
    customeremail: z.string().nullable(),
    birthdate: dateSchema.nullable(),
    createdat: timestampSchema,
  })
  .describe('Carta fedeltà')
  .meta({ id: 'LoyaltyCard' });

export type LoyaltyCardResponse = z.infer<typeof loyaltyCardSchema>;

/**
 * Every field written out (no spread of the database row): one object of a fixed shape per card, built fast.
 * `expiring`: the card's points expiring within 30 days (`LoyaltyCardsRepository.expiringFor`).
 */
export function toLoyaltyCardResponse(card: LoyaltyCardRecord, expiring?: CardExpiring): LoyaltyCardResponse {
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
    marketing_channels: card.marketing_channels,
    marketing_consent: card.marketing_consent,
    expiring_points: expiring?.points ?? 0,
    expiring_on: expiring ? italianDay(new Date(expiring.first)) : null,
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
  q: z.string().trim().max(100).optional().describe('Cerca nel nome (anche con le parole in un altro ordine) e nell’e-mail, senza badare ad accenti e maiuscole, nel numero di carta e nel telefono'),
  status: z
    .enum(['active', 'inactive', 'fractional'])
    .optional()
    .describe('active: punti > 0; inactive: punti = 0; fractional: saldo con decimali (quelli da arrotondare prima di passare ai timbri)'),
  min_points: z.coerce.number().min(0).max(POINTS_BALANCE_MAX).optional().describe('Solo le carte con almeno questi punti'),
});

export const cardPageSchema = z
  .object({
    items: z.array(loyaltyCardSchema),
    total: z.number().int().describe('Carte che corrispondono ai filtri'),
    nextOffset: z.number().int().nullable().describe("`offset` della pagina seguente, null se è l'ultima"),
  })
  .describe('Pagina di carte fedeltà')
  .meta({ id: 'CardPage' });

export const cardDetailSchema = loyaltyCardSchema
  .extend({ business_name: z.string() })
  .describe('Carta fedeltà con il nome dell’azienda')
  .meta({ id: 'CardDetail' });

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
      .array(
        z.object({
          month: z.string().describe('YYYY-MM (UTC)'),
          new_cards: z.number().int(),
          points: z.number(),
          redeemed_rewards: z.number().int().describe('Premi riscattati nel mese'),
        }),
      )
      .describe('Ultimi 6 mesi, dal più vecchio al corrente, a zero dove non c’è nulla: nuove carte, punti assegnati e premi riscattati'),
    points_outstanding: z.number().describe('Somma dei saldi: i punti che il negozio deve ai clienti'),
    expiring_points_30d: z.number().describe('Punti che scadono nei prossimi 30 giorni; 0 se i punti non scadono'),
    loyalty_mode: z.enum(['points', 'stamps']).describe('points: punti; stamps: timbri'),
  })
  .describe('Statistiche della panoramica')
  .meta({ id: 'CardStats' });

const cents = (what: string) => z.number().int().describe(`${what}, in centesimi di euro`);

export const salesReportSchema = z
  .object({
    spend_this_month_cents: cents('Spesa registrata nel mese corrente (ora italiana)'),
    visits_this_month: z.number().int().describe('Vendite (visite) registrate nel mese corrente'),
    redeemed_this_month: z.number().int().describe('Premi riscattati nel mese corrente'),
    months: z
      .array(
        z.object({
          month: z.string().describe('YYYY-MM, mese di calendario italiano (Europe/Rome)'),
          spend_cents: cents('Spesa registrata nel mese'),
          visits: z.number().int().describe('Vendite registrate nel mese'),
          redeemed_rewards: z.number().int().describe('Premi riscattati nel mese'),
        }),
      )
      .describe('Ultimi 12 mesi, dal più vecchio al corrente, a zero dove non c’è nulla'),
    visits: z.number().int().describe('Vendite dei 12 mesi'),
    customers: z.number().int().describe('Clienti (carte) con almeno una vendita nei 12 mesi'),
    spend_cents: cents('Spesa dei 12 mesi'),
    average_spend_cents: z.number().int().nullable().describe('Spesa media per visita (sulle vendite con importo), in centesimi; null senza vendite con importo'),
    visits_per_customer: z.number().nullable().describe('Visite per cliente nei 12 mesi, due decimali; null senza vendite'),
    returns: z
      .array(
        z.object({
          days: z.union([z.literal(30), z.literal(60), z.literal(90)]),
          customers: z.number().int().describe('Clienti la cui prima visita dei 12 mesi è di almeno `days` giorni fa'),
          returned: z.number().int().describe('Di questi, quelli tornati in un altro giorno entro `days` giorni dalla prima visita'),
        }),
      )
      .describe('Clienti tornati entro 30, 60 e 90 giorni'),
  })
  .describe('Resoconto delle vendite della panoramica: una visita è una vendita registrata alla cassa')
  .meta({ id: 'SalesReport' });

/** The most points one operation (points update, QR scan) may add or take away. */
export const POINTS_PER_OPERATION_MAX = 1_000_000;

const perOperation = { error: POINTS_MESSAGES.perOperation(POINTS_PER_OPERATION_MAX), abort: true };
/**
 * Whole cents: what numeric(12,2) stores as sent. A third decimal would be rounded away by the database
 * (0.004 or 5e-324 became a 0.00 ledger row). Exact for every amount within the per-operation limit.
 */
const inCents = (n: number) => Math.round(n * 100) / 100 === n;

// The checks abort in turn, so an amount gets the one message that fits it first.
const pointsField = z
  .number({ error: (issue) => (issue.input === undefined ? MESSAGES.pointsAndDescriptionRequired : undefined) })
  .refine((n) => n !== 0, { error: MESSAGES.pointsNotZero, abort: true })
  .min(-POINTS_PER_OPERATION_MAX, perOperation)
  .max(POINTS_PER_OPERATION_MAX, perOperation)
  .refine(inCents, POINTS_MESSAGES.decimals)
  .describe(`Punti da aggiungere (negativi per toglierli): al massimo due decimali e ${POINTS_PER_OPERATION_MAX} per operazione`);

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
    kind: z
      .enum(['credit', 'redemption', 'expiry', 'birthday', 'adjustment'])
      .describe('credit: accredito; redemption: riscatto di un premio; expiry: scadenza; birthday: bonus compleanno; adjustment: rettifica (togliere punti)'),
    reward_id: z.string().nullable().describe('Il premio riscattato (riscatti)'),
    reward_name: z.string().nullable().describe('Il nome del premio al momento del riscatto'),
    description: z.string(),
    amount_cents: z.number().int().nullable().describe('Vendita: importo speso in centesimi; null per gli altri movimenti'),
    author_id: z.string().nullable(),
    author_name: z.string().nullable(),
    created_at: timestampSchema,
  })
  .describe('Movimento punti')
  .meta({ id: 'LedgerEntry' });

export const pointsResultSchema = z
  .object({
    message: z.string(),
    card_id: z.string(),
    points: z.number().describe('Nuovo saldo'),
    entry: ledgerEntrySchema,
  })
  .meta({ id: 'PointsResult' });

export const marketingConsentBodySchema = z.object({
  marketing_channels: z
    .array(z.enum(CHANNELS, { error: MESSAGES.marketingChannelUnknown }), { error: MESSAGES.marketingChannelsRequired })
    .max(20)
    .describe('I canali su cui il cliente, in negozio, accetta ora offerte e novità (doppioni ignorati); [] revoca tutto'),
  renew: z
    .boolean()
    .optional()
    .default(false)
    .describe('true: il cliente ha confermato anche i canali già concessi, che vengono rinnovati (nuovi 24 mesi); false o assente: si registrano solo le differenze'),
});

export const marketingConsentResultSchema = z
  .object({
    message: z.string(),
    card_id: z.string(),
    marketing_channels: z.array(z.enum(CHANNELS)),
    granted: z.array(z.enum(CHANNELS)).describe('Canali concessi o rinnovati con questa richiesta'),
    withdrawn: z.array(z.enum(CHANNELS)).describe('Canali revocati con questa richiesta'),
  })
  .meta({ id: 'MarketingConsentResult' });

export const consentEventSchema = z
  .object({
    id: z.number().int(),
    card_id: z.string(),
    purpose: z.enum(['service', 'marketing']).describe('service: informativa privacy (servizio); marketing: offerte su un canale'),
    channel: z.enum(['whatsapp', 'sms', 'email']).nullable().describe('Il canale del consenso marketing; null per il servizio'),
    granted: z.boolean().describe('true: consenso dato o rinnovato; false: revocato o scaduto'),
    wording_version: z.string().describe('La versione del testo che il cliente ha visto (unknown: carte precedenti allo storico)'),
    source: z
      .enum(['signup', 'customer_page', 'stop_reply', 'admin', 'import', 'lapse', 'migration', 'unsubscribe'])
      .describe('signup: modulo di iscrizione; customer_page: pagina del cliente; stop_reply: risposta STOP; admin: registrato da un admin; import: importazione; lapse: scaduto dopo 24 mesi; migration: stato delle carte precedenti allo storico; unsubscribe: link «Annulla l’iscrizione» o annullamento con un clic da un’email promozionale'),
    actor_user_id: z.string().nullable().describe("L'admin che l'ha registrato (source admin)"),
    actor_name: z.string().nullable(),
    occurred_at: timestampSchema.describe('Quando il consenso è stato dato o revocato (per un’importazione, la data del file): i 24 mesi contano da qui'),
    recorded_at: timestampSchema.nullable().describe('Quando è stato registrato (null per gli eventi precedenti alla migrazione 022: coincide con occurred_at)'),
    evidence: z.string().nullable().describe('La prova data con il consenso (importazione: la «fonte consenso» del file, com’era scritta)'),
  })
  .meta({ id: 'ConsentEvent' });

const idField = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .trim()
    .min(1, message)
    .max(200);

export const qrScanBodySchema = z.object({
  card_id: idField(MESSAGES.cardOrUserMissing),
  user_id: idField(MESSAGES.cardOrUserMissing),
  points: z
    .number()
    .min(1, { abort: true })
    .max(POINTS_PER_OPERATION_MAX, perOperation)
    .refine(inCents, POINTS_MESSAGES.decimals)
    .describe(`Punti da aggiungere: da 1 a ${POINTS_PER_OPERATION_MAX}, al massimo due decimali`),
});

export const cardSignupBodySchema = z.object({
  email: requiredEmail(),
  full_name: customerName(MESSAGES.fullNameRequired),
  phone: requiredPhone(MESSAGES.phoneRequired),
  role: z.literal('client').optional().describe('Sempre client'),
  business_id: z.string().trim().min(1).max(200),
  privacy_ack: z.literal(true, { error: MESSAGES.privacyAckRequired }).describe("Presa visione dell'informativa privacy: deve essere true"),
  marketing_consent: z
    .boolean()
    .optional()
    .describe('Consenso alle comunicazioni commerciali, com’era prima dei canali: true vale per whatsapp, sms ed email; false o assente per nessuno'),
  marketing_channels: z
    .array(z.enum(CHANNELS, { error: MESSAGES.marketingChannelUnknown }))
    .max(20)
    .optional()
    .describe(
      'Canali su cui il cliente accetta offerte e novità (doppioni ignorati); se c’è, decide lui. Con anche `marketing_consent`, i due devono coincidere (400)',
    ),
});

/**
 * The channels a signup agrees to (decision 025): `marketing_channels` deduplicated when given, else the
 * old single checkbox, whose "offers and news" named no channel: true is all three. Null when both are
 * given and disagree (true with no channel, false with some).
 */
export function signupMarketingChannels(body: { marketing_consent?: boolean; marketing_channels?: Channel[] }): Channel[] | null {
  if (body.marketing_channels === undefined) return body.marketing_consent ? [...CHANNELS] : [];
  const channels = canonicalChannels(body.marketing_channels);
  if (body.marketing_consent !== undefined && body.marketing_consent !== channels.length > 0) return null;
  return channels;
}

// Decision 051: the customer's page, in both answers (the same in every case, so it tells nothing).
const myCardUrlSchema = z
  .string()
  .describe('La pagina del cliente, `<DASHBOARD_BASE_URL>/my-card`: con l’email o il telefono della carta si riceve un link per vedere saldo, premi, movimenti e consensi');

export const cardSignupResponseSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    business_name: z.string(),
    card_number: z.string(),
    // What the card image needs in stamp mode (the stamps collected out of the next reward's cost).
    points: z.number().optional().describe('Saldo della carta (0 per una carta nuova)'),
    loyalty_mode: z.enum(['points', 'stamps']).optional().describe('points: punti; stamps: timbri (numeri interi)'),
    next_reward_cost: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        'Costo del premio più economico riscattabile oggi (attivo, non archiviato, nelle sue date, non esaurito) che supera il saldo; null se non ce n’è',
      ),
    // Decision 042 (amended): the card image wears the shop's colour, as its wallet pass does.
    brand_color: z.string().nullable().optional().describe('Colore del negozio (#rrggbb) per l’immagine della carta; null: il blu predefinito'),
    // Optional, so a landing built before it keeps reading the answer.
    wallet: z
      .object({
        apple: z.string().optional().describe('Link del pass Apple Wallet (.pkpass); assente se Apple Wallet non è configurato'),
        google: z.string().optional().describe('Link breve «Salva in Google Wallet» (`/api/wallet/google/save/<codice>`, rimanda alla pagina di Google); assente se Google Wallet non è configurato'),
      })
      .optional()
      .describe('I link per aggiungere la carta ai wallet del telefono; assente se nessun wallet è configurato'),
    my_card_url: myCardUrlSchema,
  })
  .describe('La carta: nuova, o già esistente quando email e telefono sono quelli della carta');

/**
 * Anyone who does not prove to hold the existing card (or gives a staff e-mail) gets this, whatever the
 * case, so the answer tells nothing about whose the address is.
 */
export const cardSignupResentSchema = z
  .object({
    status: z.literal('resent').describe('Iscrizione già presente: la carta non si mostra, si invia di nuovo ai contatti registrati'),
    business_name: z.string(),
    message: z.string().describe('Da mostrare così com’è, in italiano'),
    my_card_url: myCardUrlSchema,
  })
  .describe(
    'Risposta neutra, senza id né numero di carta: l’email ha già una carta in questa azienda ma email e telefono non coincidono con quelli della carta, ' +
      'oppure l’email non può avere una carta cliente. La carta, se c’è, viene inviata di nuovo al contatto registrato (email, altrimenti WhatsApp o SMS, ' +
      'sui canali attivi dell’azienda; al massimo una volta l’ora per carta; nulla se nessun canale è attivo).',
  );

export const cardSignupAnswerSchema = z.union([cardSignupResponseSchema, cardSignupResentSchema]);

/** `?dry_run=` of the CSV import; a preview unless `false` is asked for. */
export const cardImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .default('true')
    .transform((v) => v === 'true')
    .describe('true (predefinito): solo anteprima, nulla viene scritto; false: importa le righe valide in una transazione'),
});

export const cardImportOutcomeSchema = z
  .object({
    valid: z.number().int().describe('Righe che verrebbero importate (anteprima) o importate'),
    invalid: z
      .array(z.object({ line: z.number().int().describe('Riga del file (l’intestazione è la 1)'), reason: z.string().describe('Motivo in italiano') }))
      .describe('Le prime 1000 righe non importate, in ordine di riga, con il motivo (anche «già presente»)'),
    invalid_count: z.number().int().describe('Tutte le righe non importate, le saltate comprese'),
    imported: z.number().int().describe('Carte create (0 in anteprima)'),
    skipped: z.number().int().describe('Righe saltate perché email o telefono appartengono già a una carta dell’azienda'),
    with_consent: z.number().int().describe('Delle righe valide, quelle con un consenso marketing (canali, data e fonte) da registrare o registrato'),
    format: z.enum(['csv-utf8', 'csv-windows-1252', 'xlsx']).describe('Come è stato letto il file: CSV UTF-8, CSV Windows-1252 (non era UTF-8) o Excel'),
    columns: z
      .object({
        used: z.array(z.object({ header: z.string(), field: z.string().describe('A che cosa serve, in italiano (nome, cognome (unito al nome), email, telefono…)') })),
        ignored: z.array(z.string()).describe('Le intestazioni delle colonne non usate'),
      })
      .describe('Le colonne del file usate e ignorate'),
    sample: z
      .array(
        z.object({
          line: z.number().int(),
          name: z.string(),
          email: z.string().nullable(),
          phone: z.string().nullable().describe('E.164'),
          points: z.number(),
          birth_date: z.string().nullable().describe('YYYY-MM-DD'),
        }),
      )
      .describe('Le prime 5 righe valide come verrebbero salvate: per vedere che nomi e accenti sono giusti'),
  })
  .describe('Esito di un’importazione CSV o Excel di carte')
  .meta({ id: 'CardImportOutcome' });
