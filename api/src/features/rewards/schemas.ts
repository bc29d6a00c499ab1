/** The rewards catalogue, redemption and the program of a business (docs/decisions/036-rewards-on-the-ledger.md). */
import { z } from 'zod';
import { REWARD_MESSAGES } from '../../messages';
import { LOYALTY_MODES } from './repository';
import { timestampSchema } from '../../schemas/common';
import { ledgerEntrySchema } from '../cards/schemas';

const dateField = z.iso.date({ error: REWARD_MESSAGES.dateInvalid });

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
});
