/** Decision 048: the customer's page, /api/customer/…: requests and answers. */
import { z } from 'zod';
import { CHANNELS } from '../messaging/types';
import { MESSAGES } from '../../messages';
import { timestampSchema } from '../../schemas/common';

export const magicLinkBodySchema = z.object({
  contact: z
    .string({ error: 'Inserisci un indirizzo email o un numero di telefono valido' })
    .trim()
    .min(3, { error: 'Inserisci un indirizzo email o un numero di telefono valido' })
    .max(254)
    .describe('L’email o il numero di telefono (anche senza +39) che il cliente ha lasciato al negozio'),
});

export const sessionBodySchema = z.object({
  token: z
    .string({ error: 'Link non valido: richiedine uno nuovo.' })
    .trim()
    .min(1, { error: 'Link non valido: richiedine uno nuovo.' })
    .max(200)
    .describe('Il valore del parametro `token` del link `/my-card?token=…` ricevuto'),
});

export const customerSessionSchema = z
  .object({
    token: z.string().describe('Sessione cliente (Bearer): vale 30 minuti e apre solo le rotte /api/customer/…'),
    expires_at: timestampSchema.describe('Quando la sessione scade'),
    contact: z.object({ kind: z.enum(['email', 'phone']), value: z.string() }).describe('Il contatto verificato dal link'),
  })
  .meta({ id: 'CustomerSession' });

const rewardBriefSchema = z.object({ id: z.string(), name: z.string(), cost: z.number().int() });

export const customerCardSchema = z
  .object({
    id: z.string(),
    card_number: z.string(),
    customer_name: z.string(),
    business_id: z.string(),
    business_name: z.string(),
    loyalty_mode: z.enum(['points', 'stamps']).describe('points: punti; stamps: timbri'),
    brand_color: z.string().nullable().describe('Il colore del negozio (#rrggbb) per l’immagine della carta; null: il blu predefinito'),
    points: z.number().describe('Saldo (punti o timbri)'),
    qr_link: z.string().describe('Il contenuto del QR della carta (lo stesso dell’immagine della carta): il link che il negozio scansiona per accreditare'),
    wallet: z
      .object({ apple: z.string().optional(), google: z.string().optional() })
      .nullable()
      .describe('I link per aggiungere la carta ad Apple Wallet / Google Wallet, quando configurati; null altrimenti'),
    rewards_available: z.array(rewardBriefSchema).describe('I premi che il saldo permette oggi, dal più economico'),
    next_reward: rewardBriefSchema.nullable().describe('Il premio più economico che il saldo non raggiunge ancora; null se nessuno'),
    expiring: z
      .object({ points: z.number(), first: timestampSchema })
      .nullable()
      .describe('Punti in scadenza entro 30 giorni e la prima scadenza; null se nessuno'),
    consents: z.object({
      service: z.boolean().describe('Informativa privacy accettata (consenso di servizio)'),
      marketing_channels: z.array(z.enum(CHANNELS)).describe('Canali su cui il cliente accetta offerte e novità'),
      available_channels: z.array(z.enum(CHANNELS)).describe('I canali che il negozio ha attivi oggi (quelli su cui potrebbe scrivere)'),
      marketing_lapses: z
        .array(z.object({ channel: z.enum(CHANNELS), lapses_at: timestampSchema }))
        .describe('Per ogni canale concesso, quando il consenso decade se non rinnovato: 24 mesi dall’ultima concessione (decisione 047)'),
    }),
  })
  .meta({ id: 'CustomerCard' });

export const customerLedgerEntrySchema = z
  .object({
    id: z.number().int(),
    points: z.number(),
    kind: z
      .enum(['credit', 'redemption', 'expiry', 'birthday', 'adjustment'])
      .describe('credit: accredito; redemption: riscatto di un premio; expiry: scadenza; birthday: bonus compleanno; adjustment: rettifica'),
    reward_name: z.string().nullable(),
    description: z.string(),
    created_at: timestampSchema,
  })
  .describe('Movimento della carta (senza il nome dell’operatore)')
  .meta({ id: 'CustomerLedgerEntry' });

export const customerConsentBodySchema = z.object({
  marketing_channels: z
    .array(z.enum(CHANNELS, { error: MESSAGES.marketingChannelUnknown }), { error: MESSAGES.marketingChannelsRequired })
    .max(20)
    .describe('I canali su cui il cliente accetta ora offerte e novità (doppioni ignorati); [] revoca tutto'),
  renew: z.boolean().optional().default(false).describe('true: conferma anche i canali già concessi (nuovi 24 mesi)'),
});

export const customerConsentResultSchema = z
  .object({
    message: z.string(),
    card_id: z.string(),
    marketing_channels: z.array(z.enum(CHANNELS)),
    granted: z.array(z.enum(CHANNELS)),
    withdrawn: z.array(z.enum(CHANNELS)),
  })
  .meta({ id: 'CustomerConsentResult' });

export const customerEraseBodySchema = z.object({
  card_id: z.string().trim().min(1).max(200).optional().describe('La carta da cancellare'),
  all: z.literal(true, { error: 'Indica la carta da cancellare (card_id) oppure tutte le carte (all: true)' }).optional().describe('true: tutte le carte del contatto'),
});

export const customerEraseResultSchema = z
  .object({
    message: z.string(),
    erased: z.array(z.string()).describe('Gli id delle carte i cui dati personali sono stati cancellati'),
    session_ended: z.boolean().describe('true: il contatto non ha più carte e la sessione è finita (serve un nuovo link)'),
  })
  .meta({ id: 'CustomerEraseResult' });

const exportLedgerSchema = customerLedgerEntrySchema.extend({ card_id: z.string() });

export const customerExportSchema = z
  .object({
    exported_at: timestampSchema,
    contact: z.object({ kind: z.enum(['email', 'phone']), value: z.string() }),
    cards: z.array(
      z.object({
        id: z.string(),
        business_name: z.string(),
        card_number: z.string(),
        customer_name: z.string(),
        email: z.string().nullable(),
        customer_phone: z.string().nullable(),
        birth_date: z.string().nullable(),
        points: z.number(),
        privacy_ack: z.boolean(),
        marketing_channels: z.array(z.enum(CHANNELS)),
        created_at: timestampSchema,
      }),
    ),
    ledger: z.array(exportLedgerSchema),
    consent_events: z.array(
      z.object({
        id: z.number().int(),
        card_id: z.string(),
        purpose: z.enum(['service', 'marketing']),
        channel: z.enum(CHANNELS).nullable(),
        granted: z.boolean(),
        wording_version: z.string(),
        source: z.string(),
        occurred_at: timestampSchema,
        recorded_at: timestampSchema.nullable().describe('Quando è stato registrato (null per gli eventi precedenti alla migrazione 022)'),
        evidence: z.string().nullable().describe('La prova data con il consenso (importazione: la «fonte consenso» del file)'),
      }),
    ),
    messages: z.array(
      z.object({
        id: z.number().int(),
        business_name: z.string(),
        card_id: z.string().nullable(),
        channel: z.enum(CHANNELS),
        recipient: z.string(),
        body: z.string().describe('Il testo inviato (i link di accesso appaiono come `token=•••`)'),
        status: z.string(),
        created_at: timestampSchema,
        sent_at: timestampSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomerExport' });
