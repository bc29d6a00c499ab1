import { z } from 'zod';
import { MESSAGES, recipientPhoneInvalid } from '../../messages';
import { CHANNELS } from '../messaging/types';
import { CAMPAIGN_STATUSES, DELIVERY_STATUSES } from './repository';
import { SEGMENT_KINDS } from '../cards/repository';
import { normalizePhone } from '../../lib/phone';
import { findUnstorableString } from '../../validation';
import { optionalEmail, optionalText, timestampSchema } from '../../schemas/common';

export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export const channelSchema = z.enum(CHANNELS);

export const campaignRecipientSchema = z
  .object({
    customer_name: z.string().nullable().optional(),
    customer_phone: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'CampaignRecipient' });

const segmentFields = {
  min_points: z.number().min(0).max(100_000_000).optional().describe('Solo le carte con almeno questi punti'),
  q: z.string().trim().max(100).optional().describe('Come `q` della lista carte: nome, numero di carta o telefono'),
};

export const segmentSchema = z
  .object({
    kind: z
      .enum(SEGMENT_KINDS)
      .describe(
        'all: tutte le carte; active: punti > 0; inactive: punti = 0; consent: con consenso marketing sul canale dell’invio ' +
          '(per `recipient_count`: su uno dei `channels`); cards: le carte di `targets`, scelte una per una',
      ),
    ...segmentFields,
  })
  .describe('Destinatari come parte delle carte dell’azienda, risolta dal server al momento dell’invio');

export const campaignSchema = z
  .object({
    id: z.string(),
    business_id: z.string(),
    name: z.string(),
    subject: z.string().nullable().describe('Oggetto delle email della campagna (null: campagna senza email, o creata prima; le sue email hanno per oggetto il nome)'),
    description: z.string(),
    status: campaignStatusSchema,
    targets: z.array(z.string()).describe('Id delle carte a cui è rivolta'),
    recipients: z.array(campaignRecipientSchema),
    channels: z.array(channelSchema),
    segment: segmentSchema.nullable().describe('null: i destinatari sono la lista `recipients`'),
    recipient_count: z.number().int().describe('Carte del segmento alla creazione, oppure quanti sono i `recipients`'),
    created_at: timestampSchema,
    delivery: z
      .object({
        status: z.enum(DELIVERY_STATUSES).describe('sending: messaggi ancora in coda; sent: tutti inviati; partially_sent: alcuni non riusciti; failed: nessuno riuscito'),
        pending: z.number().int().describe('In coda o in invio'),
        sent: z.number().int().describe('Accettati dal fornitore, non segnalati falliti'),
        failed: z.number().int().describe('Non riusciti (anche segnalati non consegnati dal fornitore)'),
      })
      .nullable()
      .describe('Dove sono i messaggi inviati, secondo i job di invio (i saltati non contano); null se nessun messaggio è partito'),
    scheduled_at: timestampSchema.nullable().describe('Quando parte l’invio programmato (POST /campaigns/{id}/schedule); null se non programmata'),
  })
  .describe('Campagna')
  .meta({ id: 'Campaign' });

/** Recipients may arrive as a JSON string (older clients send them so). */
const parseJsonString = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** The older clients' aliases of a recipient's fields (`customerphone`, `customeremail`, `customername`), folded into the canonical names. */
const foldRecipientAliases = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const r = value as Record<string, unknown>;
  return {
    ...r,
    customer_name: r.customer_name ?? r.customername,
    customer_phone: r.customer_phone ?? r.customerphone,
    email: r.email ?? r.customeremail,
  };
};

export const campaignRecipientInputSchema = z.preprocess(
  foldRecipientAliases,
  z.object({
    customer_name: optionalText(200),
    customer_phone: optionalText(50),
    email: optionalEmail,
  }),
);

type RecipientInput = z.output<typeof campaignRecipientInputSchema>;

/**
 * Every recipient's phone in E.164 (decision 024). One number that is not valid refuses the
 * whole list, naming the first such recipient (and how many more there are), so nothing is half saved.
 */
function recipientPhonesE164(recipients: RecipientInput[], ctx: z.RefinementCtx): RecipientInput[] {
  const invalid: number[] = [];
  const normalised = recipients.map((recipient, i) => {
    // Unstorable text is left to the validator, which names the field ('contiene caratteri non validi').
    if (!recipient.customer_phone || findUnstorableString(recipient.customer_phone)) return recipient;
    const e164 = normalizePhone(recipient.customer_phone);
    if (!e164) invalid.push(i);
    return { ...recipient, customer_phone: e164 ?? recipient.customer_phone };
  });
  if (invalid.length === 0) return normalised;
  const first = invalid[0];
  ctx.addIssue({ code: 'custom', path: [first, 'customer_phone'], message: recipientPhoneInvalid(first + 1, recipients[first].customer_phone!, invalid.length - 1) });
  return z.NEVER;
}

/** `GET /loyalty-cards/business/{id}/count`: the size of a segment other than cards picked one by one. */
export const segmentCountQuerySchema = z.object({
  kind: z.enum(['all', 'active', 'inactive', 'consent']).default('all').describe('Come `segment.kind` di una campagna'),
  min_points: z.coerce.number().min(0).max(100_000_000).optional().describe('Solo le carte con almeno questi punti'),
  q: segmentFields.q,
  channels: z
    .preprocess((value) => (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])) : value), z.array(channelSchema).max(3))
    .optional()
    .describe('Con kind consent: i canali della campagna (`sms,whatsapp`), per contare il consenso su uno di questi come l’invio; senza, su qualunque canale'),
});

export const createCampaignBodySchema = z
  .object({
    businessId: z.string().trim().min(1).max(200),
    name: z.string().trim().min(1).max(200),
    subject: z.string().trim().max(200).nullable().optional().describe('Oggetto delle email: obbligatorio quando `channels` comprende email'),
    description: z.string().trim().max(2000).nullable().optional(),
    status: campaignStatusSchema.optional().default('draft'),
    targets: z.array(z.string().trim().min(1).max(200)).max(100_000).optional().default([]).describe('Id delle carte a cui è rivolta'),
    recipients: z
      .preprocess(parseJsonString, z.array(campaignRecipientInputSchema).max(100_000).transform(recipientPhonesE164))
      .optional()
      .describe('Lista di { customer_phone, email } (anche come stringa JSON)'),
    channels: z.array(channelSchema).max(3).optional().default([]).describe('Sottoinsieme di whatsapp, email, sms'),
    segment: segmentSchema
      .optional()
      .describe('Al posto di `recipients`: le carte a cui inviare, risolte dal server a ogni invio (kind cards: gli id in `targets`)'),
  })
  .superRefine((body, ctx) => {
    if (body.segment && body.recipients !== undefined) ctx.addIssue({ code: 'custom', path: ['segment'], message: MESSAGES.segmentOrRecipients });
    if (body.channels.includes('email') && !body.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: MESSAGES.campaignSubjectRequired });
    if (body.segment?.kind === 'cards' && body.targets.length === 0) ctx.addIssue({ code: 'custom', path: ['targets'], message: MESSAGES.segmentCardsRequired });
  });
