/** The rewards catalogue, redemption and the program of a business (docs/decisions/036-rewards-on-the-ledger.md). */
import { z } from 'zod';
import { EARNING_MESSAGES, REWARD_MESSAGES } from '../../messages';
import { LOYALTY_MODES } from './repository';
import { EARN_ROUNDINGS, EARNING_RULES, SALE_MAX_CENTS } from './earning';
import { timestampSchema } from '../../schemas/common';
import { ledgerEntrySchema } from '../cards/schemas';

const dateField = z.iso.date({ error: REWARD_MESSAGES.dateInvalid });
const wholeNumber = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const rewardSchema = z
  .object({
    id: z.string(),
    business_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    cost: z.number().int().describe('Costo in punti (o timbri), intero di almeno 1'),
    active: z.boolean(),
    valid_from: z.iso.date().nullable().describe('Primo giorno in cui si può riscattare (YYYY-MM-DD); null: da subito'),
    valid_until: z.iso.date().nullable().describe('Ultimo giorno in cui si può riscattare (YYYY-MM-DD); null: senza scadenza'),
    stock: z.number().int().nullable().describe('Pezzi ancora disponibili; null: illimitati'),
    redeemed_count: z.number().int().describe('Quante volte è stato riscattato'),
    archived: z.boolean().describe('Archiviato: eliminato dopo essere stato riscattato almeno una volta'),
    created_at: timestampSchema,
  })
  .describe('Premio del catalogo')
  .meta({ id: 'Reward' });

const rewardName = z
  .string({ error: (issue) => (issue.input === undefined ? REWARD_MESSAGES.nameRequired : undefined) })
  .trim()
  .min(1, REWARD_MESSAGES.nameRequired)
  .max(200, REWARD_MESSAGES.nameTooLong);

const rewardCost = z
  .number({ error: (issue) => (issue.input === undefined ? REWARD_MESSAGES.costRequired : REWARD_MESSAGES.costInvalid) })
  .int(REWARD_MESSAGES.costInvalid)
  .min(1, REWARD_MESSAGES.costInvalid)
  .max(1_000_000_000, REWARD_MESSAGES.costInvalid);

const rewardDescription = z
  .string({ error: REWARD_MESSAGES.descriptionInvalid })
  .trim()
  .max(1000, REWARD_MESSAGES.descriptionInvalid)
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

const rewardStock = z
  .number({ error: REWARD_MESSAGES.stockInvalid })
  .int(REWARD_MESSAGES.stockInvalid)
  .min(0, REWARD_MESSAGES.stockInvalid)
  .max(1_000_000_000, REWARD_MESSAGES.stockInvalid)
  .nullable()
  .optional();

const rewardFields = {
  description: rewardDescription.describe('Facoltativa'),
  active: z.boolean({ error: REWARD_MESSAGES.activeInvalid }).optional().describe('Riscattabile (default true)'),
  valid_from: dateField.nullable().optional().describe('Primo giorno di validità (YYYY-MM-DD), facoltativo'),
  valid_until: dateField.nullable().optional().describe('Ultimo giorno di validità (YYYY-MM-DD), facoltativo'),
  stock: rewardStock.describe('Pezzi disponibili; null o assente: illimitati'),
};

const datesInOrder = (body: { valid_from?: string | null; valid_until?: string | null }) =>
  !body.valid_from || !body.valid_until || body.valid_from <= body.valid_until;

export const createRewardBodySchema = z
  .object({
    businessId: z
      .string({ error: REWARD_MESSAGES.businessRequired })
      .trim()
      .min(1, REWARD_MESSAGES.businessRequired)
      .max(200),
    name: rewardName,
    cost: rewardCost,
    ...rewardFields,
  })
  .refine(datesInOrder, { error: REWARD_MESSAGES.datesOutOfOrder, path: ['valid_until'] });

export const updateRewardBodySchema = z
  .object({ name: rewardName.optional(), cost: rewardCost.optional(), ...rewardFields })
  .refine(datesInOrder, { error: REWARD_MESSAGES.datesOutOfOrder, path: ['valid_until'] });

export const rewardDeletedSchema = z
  .object({
    message: z.string().describe("'Premio eliminato' o 'Premio archiviato'"),
    archived: z.boolean().describe('true: il premio era già stato riscattato, resta nel registro come archiviato'),
  })
  .meta({ id: 'RewardDeleted' });

export const redeemBodySchema = z.object({
  reward_id: z
    .string({ error: REWARD_MESSAGES.rewardRequired })
    .trim()
    .min(1, REWARD_MESSAGES.rewardRequired)
    .max(200)
    .describe('Il premio da riscattare'),
});

export const redeemResultSchema = z
  .object({
    message: z.string(),
    card_id: z.string(),
    points: z.number().describe('Nuovo saldo'),
    entry: ledgerEntrySchema,
  })
  .describe('Premio riscattato: nuovo saldo e riga del registro')
  .meta({ id: 'RedeemResult' });

export const cardRewardsSchema = z
  .object({
    balance: z.number().describe('Saldo della carta'),
    loyalty_mode: z.enum(LOYALTY_MODES),
    rewards: z.array(rewardSchema.extend({ affordable: z.boolean().describe('Il saldo copre il costo') })),
  })
  .describe('I premi riscattabili oggi da una carta, dal meno costoso')
  .meta({ id: 'CardRewards' });

export const programSchema = z
  .object({
    loyalty_mode: z.enum(LOYALTY_MODES).describe('points: punti (anche decimali); stamps: timbri (numeri interi)'),
    expiry_months: z.number().int().nullable().describe('I punti scadono dopo questi mesi (i più vecchi prima); null: non scadono'),
    expiry_reminder_days: z.number().int().describe('Giorni di preavviso del promemoria di scadenza'),
    birthday_points: z.number().int().describe('Punti regalati al compleanno; 0: nessun regalo'),
    birthday_message: z.string().nullable().describe('Testo del messaggio di compleanno ({nome}, {punti}, {negozio}); null: testo predefinito'),
    earning_rule: z.enum(EARNING_RULES).describe('manual: punti scritti a mano; per_euro: punti dall’importo speso; per_visit: punti per visita'),
    earn_points: z.number().int().describe('per_euro: punti guadagnati per ogni `earn_every_cents` spesi'),
    earn_every_cents: z.number().int().describe('per_euro: ogni quanti centesimi spesi (100 = 1 €)'),
    earn_rounding: z.enum(EARN_ROUNDINGS).describe('per_euro: down per difetto (23,50 € → 23), nearest al più vicino (→ 24)'),
    min_spend_cents: z.number().int().nullable().describe('per_euro: sotto questa spesa nessun punto; null: nessun minimo'),
    visit_points: z.number().int().describe('per_visit: punti (o timbri) per visita'),
    visit_once_per_day: z.boolean().describe('per_visit: al massimo una visita per carta al giorno (ora italiana)'),
  })
  .describe('Programma fedeltà di un’azienda')
  .meta({ id: 'Program' });

/** The placeholders a birthday message may use. */
export const BIRTHDAY_PLACEHOLDERS = ['{nome}', '{punti}', '{negozio}'] as const;
const onlyKnownPlaceholders = (text: string) => (text.match(/\{[^{}]*\}/g) ?? []).every((p) => (BIRTHDAY_PLACEHOLDERS as readonly string[]).includes(p));

export const updateProgramBodySchema = z.object({
  loyalty_mode: z.enum(LOYALTY_MODES, { error: REWARD_MESSAGES.modeInvalid }).optional(),
  expiry_months: z
    .number({ error: REWARD_MESSAGES.expiryMonthsInvalid })
    .int(REWARD_MESSAGES.expiryMonthsInvalid)
    .min(1, REWARD_MESSAGES.expiryMonthsInvalid)
    .max(120, REWARD_MESSAGES.expiryMonthsInvalid)
    .nullable()
    .optional()
    .describe('1-120 mesi; null: i punti non scadono'),
  expiry_reminder_days: z
    .number({ error: REWARD_MESSAGES.reminderDaysInvalid })
    .int(REWARD_MESSAGES.reminderDaysInvalid)
    .min(1, REWARD_MESSAGES.reminderDaysInvalid)
    .max(90, REWARD_MESSAGES.reminderDaysInvalid)
    .optional()
    .describe('1-90 giorni'),
  birthday_points: z
    .number({ error: REWARD_MESSAGES.birthdayPointsInvalid })
    .int(REWARD_MESSAGES.birthdayPointsInvalid)
    .min(0, REWARD_MESSAGES.birthdayPointsInvalid)
    .max(100_000, REWARD_MESSAGES.birthdayPointsInvalid)
    .optional()
    .describe('0-100000; 0: nessun regalo'),
  birthday_message: z
    .string({ error: REWARD_MESSAGES.birthdayMessageInvalid })
    .trim()
    .max(1600, REWARD_MESSAGES.birthdayMessageInvalid)
    .refine(onlyKnownPlaceholders, REWARD_MESSAGES.birthdayPlaceholders)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .describe('Testo con {nome}, {punti}, {negozio}; null o vuoto: testo predefinito'),
  earning_rule: z.enum(EARNING_RULES, { error: EARNING_MESSAGES.ruleInvalid }).optional(),
  earn_points: wholeNumber(1, 10_000, EARNING_MESSAGES.earnPointsInvalid).optional().describe('1-10000'),
  earn_every_cents: wholeNumber(1, SALE_MAX_CENTS, EARNING_MESSAGES.earnEveryInvalid).optional().describe('Centesimi, 1-10000000 (100 = 1 €)'),
  earn_rounding: z.enum(EARN_ROUNDINGS, { error: EARNING_MESSAGES.roundingInvalid }).optional(),
  min_spend_cents: wholeNumber(1, SALE_MAX_CENTS, EARNING_MESSAGES.minSpendInvalid).nullable().optional().describe('Centesimi; null: nessun minimo'),
  visit_points: wholeNumber(1, 10_000, EARNING_MESSAGES.visitPointsInvalid).optional().describe('1-10000'),
  visit_once_per_day: z.boolean({ error: EARNING_MESSAGES.oncePerDayInvalid }).optional(),
});

/**
 * An amount in euro in its canonical form, '23.50' (the dashboard turns the Italian «23,50» into it, shared's
 * `parseEuroAmount`): cents, or the Italian message of what is wrong with it.
 */
export function amountToCents(text: string): number | string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return EARNING_MESSAGES.amountInvalid;
  if ((match[3] ?? '').length > 2) return EARNING_MESSAGES.amountDecimals;
  if (match[2].length > 9) return EARNING_MESSAGES.amountTooLarge;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (match[1] === '-' || cents === 0) return EARNING_MESSAGES.amountNotPositive;
  if (cents > SALE_MAX_CENTS) return EARNING_MESSAGES.amountTooLarge;
  return cents;
}

const amountField = z
  .string({ error: EARNING_MESSAGES.amountInvalid })
  .max(40, EARNING_MESSAGES.amountInvalid)
  .transform((text, ctx) => {
    const cents = amountToCents(text);
    if (typeof cents === 'string') {
      ctx.addIssue({ code: 'custom', message: cents });
      return z.NEVER;
    }
    return cents;
  })
  .describe('Importo speso in euro, forma canonica con il punto: "23.50" (massimo 2 decimali, da 0.01 a 100000)');

export const saleHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: EARNING_MESSAGES.keyRequired })
    .trim()
    .min(8, EARNING_MESSAGES.keyRequired)
    .max(200, EARNING_MESSAGES.keyRequired)
    .describe('Una per invio (la stessa nei tentativi ripetuti dello stesso invio): lo stesso invio registra una sola vendita'),
});

/** The manual points update's key: the same rule as the sale's, optional (the QR page and scripts send none). */
export const pointsHeadersSchema = z.object({
  'idempotency-key': saleHeadersSchema.shape['idempotency-key'].optional().describe('Facoltativa, una per invio (la stessa nei tentativi ripetuti): lo stesso invio registra un solo movimento'),
});

/** The redemption's key (decision 083): the points update's rule, optional (scripts and older clients send none). */
export const redeemHeadersSchema = z.object({
  'idempotency-key': saleHeadersSchema.shape['idempotency-key'].optional().describe('Facoltativa, una per invio (la stessa nei tentativi ripetuti): lo stesso invio registra un solo riscatto'),
});

export const saleBodySchema = z.object({
  amount: amountField.optional().describe('Obbligatorio con la regola per euro; facoltativo a visita (per i report)'),
  confirm: z.boolean({ error: EARNING_MESSAGES.confirmInvalid }).optional().describe('true: registra anche se la carta ha una vendita negli ultimi 60 secondi'),
});

export const salePreviewQuerySchema = z.object({ amount: amountField.optional() });

const saleEarningSchema = z
  .object({
    base_points: z.number().describe('Punti della regola, prima delle promozioni'),
    points: z.number().describe('Punti della vendita'),
    multiplier: z.number().describe('Il moltiplicatore applicato (il migliore tra le promozioni attive); 1: nessuno'),
    bonus_points: z.number().describe('Punti extra fissi delle promozioni, sommati (al massimo 10.000)'),
    promotions: z.array(z.object({ id: z.string(), name: z.string() })).describe('Le promozioni applicate, ciascuna una volta'),
    below_minimum: z.boolean().describe('Importo sotto la spesa minima: nessun punto'),
  })
  .meta({ id: 'SaleEarning' });

export const salePreviewSchema = z
  .object({ earning_rule: z.enum(EARNING_RULES), loyalty_mode: z.enum(LOYALTY_MODES), earning: saleEarningSchema })
  .describe('I punti che la vendita guadagnerebbe ora')
  .meta({ id: 'SalePreview' });

export const saleResultSchema = z
  .object({
    message: z.string(),
    card_id: z.string(),
    points: z.number().describe('Nuovo saldo (del server)'),
    earning: saleEarningSchema,
    entry: ledgerEntrySchema,
  })
  .describe('Vendita registrata: nuovo saldo, punti e riga del registro; lo stesso invio ripetuto riceve la stessa risposta')
  .meta({ id: 'SaleResult' });

export const promotionSchema = z
  .object({
    id: z.string(),
    business_id: z.string(),
    name: z.string(),
    multiplier: z.number().nullable().describe('Moltiplicatore (2 = doppi punti); null per i punti extra'),
    bonus_points: z.number().int().nullable().describe('Punti extra per vendita; null per il moltiplicatore'),
    starts_on: z.iso.date().nullable().describe('Primo giorno (YYYY-MM-DD); null: da subito'),
    ends_on: z.iso.date().nullable().describe('Ultimo giorno (YYYY-MM-DD); null: senza fine'),
    weekdays: z.array(z.number().int()).nullable().describe('Giorni della settimana, 1 = lunedì … 7 = domenica; null: tutti'),
    start_time: z.string().nullable().describe('Dalle HH:MM (ora italiana); null: tutto il giorno'),
    end_time: z.string().nullable().describe('Alle HH:MM (esclusa); null: tutto il giorno'),
    active: z.boolean(),
    created_at: timestampSchema,
  })
  .describe('Promozione: punti in più per un periodo, giorni o orari')
  .meta({ id: 'Promotion' });

const timeField = z
  .string({ error: EARNING_MESSAGES.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EARNING_MESSAGES.timeInvalid)
  .nullable()
  .optional();

const promotionFields = {
  multiplier: z
    .number({ error: EARNING_MESSAGES.multiplierInvalid })
    .gt(1, EARNING_MESSAGES.multiplierInvalid)
    .max(10, EARNING_MESSAGES.multiplierInvalid)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, EARNING_MESSAGES.multiplierInvalid)
    .nullable()
    .optional(),
  bonus_points: wholeNumber(1, 10_000, EARNING_MESSAGES.bonusInvalid).nullable().optional(),
  starts_on: dateField.nullable().optional(),
  ends_on: dateField.nullable().optional(),
  weekdays: z
    .array(wholeNumber(1, 7, EARNING_MESSAGES.weekdaysInvalid), { error: EARNING_MESSAGES.weekdaysInvalid })
    .min(1, EARNING_MESSAGES.weekdaysInvalid)
    .max(7, EARNING_MESSAGES.weekdaysInvalid)
    .refine((days) => new Set(days).size === days.length, EARNING_MESSAGES.weekdaysInvalid)
    .nullable()
    .optional(),
  start_time: timeField,
  end_time: timeField,
  active: z.boolean({ error: REWARD_MESSAGES.activeInvalid }).optional(),
};

const promotionName = z
  .string({ error: EARNING_MESSAGES.promotionNameRequired })
  .trim()
  .min(1, EARNING_MESSAGES.promotionNameRequired)
  .max(200, EARNING_MESSAGES.promotionNameTooLong);

export const createPromotionBodySchema = z.object({
  businessId: z.string({ error: REWARD_MESSAGES.businessRequired }).trim().min(1, REWARD_MESSAGES.businessRequired).max(200),
  name: promotionName,
  ...promotionFields,
});

export const updatePromotionBodySchema = z.object({ name: promotionName.optional(), ...promotionFields });
