/** The automations' request and answer shapes (decision 080). */
import { z } from 'zod';
import { CHANNELS } from '../messaging/types';
import { AUTOMATION_MESSAGES, WIN_BACK_PLACEHOLDERS } from './messages';

const countsSchema = z
  .object({
    sent: z.number().int().describe('Inviati'),
    pending: z.number().int().describe('In coda (anche in attesa della fine delle ore di silenzio)'),
    failed: z.number().int().describe('Non consegnati'),
    skipped: z.number().int().describe('Saltati: senza consenso, senza contatto, STOP'),
  })
  .describe('Messaggi degli ultimi 30 giorni')
  .meta({ id: 'AutomationCounts' });

export const automationsSchema = z
  .object({
    business_id: z.string(),
    welcome: z.object({
      enabled: z.boolean().describe('Il benvenuto parte alla registrazione di una nuova carta dalla pagina pubblica'),
      message: z.string().describe('Il testo, con {negozio}, {numero} (della carta) e {link} (la pagina del cliente)'),
      counts: countsSchema,
    }),
    birthday: z.object({
      enabled: z.boolean().describe('Acceso quando il programma regala punti al compleanno (si cambia in «Premi»); il messaggio solo con il consenso marketing'),
      points: z.number().int().describe('Punti regalati'),
      message: z.string().describe('Il testo, con {nome}, {punti}, {negozio}'),
      counts: countsSchema,
    }),
    win_back: z.object({
      enabled: z.boolean(),
      days: z.number().int().describe('Giorni senza visite dopo cui parte il messaggio'),
      channel: z.enum(CHANNELS),
      message: z.string().nullable().describe('Il testo scelto; null: il testo predefinito'),
      default_message: z.string().describe('Il testo predefinito (con o senza bonus, secondo le impostazioni)'),
      bonus_points: z.number().int().nullable().describe('Punti regalati con il messaggio; null: nessun bonus'),
      bonus_days: z.number().int().nullable().describe('Giorni di validità dei punti bonus'),
      counts: countsSchema,
    }),
  })
  .describe('Le automazioni di un’azienda: benvenuto, compleanno, «ci manchi»')
  .meta({ id: 'Automations' });

const wholePositive = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);
const onlyKnownPlaceholders = (text: string) => (text.match(/\{[^{}]*\}/g) ?? []).every((p) => (WIN_BACK_PLACEHOLDERS as readonly string[]).includes(p));

export const updateAutomationsBodySchema = z.object({
  welcome_enabled: z.boolean({ error: AUTOMATION_MESSAGES.switchInvalid }).optional(),
  win_back_enabled: z.boolean({ error: AUTOMATION_MESSAGES.switchInvalid }).optional(),
  win_back_days: wholePositive(3650, AUTOMATION_MESSAGES.daysInvalid).optional().describe('1-3650 giorni senza visite'),
  win_back_channel: z.enum(CHANNELS, { error: AUTOMATION_MESSAGES.channelInvalid }).optional(),
  win_back_message: z
    .string({ error: AUTOMATION_MESSAGES.messageInvalid })
    .trim()
    .min(1, AUTOMATION_MESSAGES.messageEmpty)
    .refine(onlyKnownPlaceholders, AUTOMATION_MESSAGES.placeholders)
    .nullable()
    .optional()
    .describe('Con {nome}, {negozio}, {punti}, {scadenza}; al massimo 160 caratteri per SMS e WhatsApp, 5000 per email; null: testo predefinito'),
  win_back_bonus_points: wholePositive(100_000, AUTOMATION_MESSAGES.bonusPointsInvalid).nullable().optional().describe('1-100000; null: nessun bonus'),
  win_back_bonus_days: wholePositive(3650, AUTOMATION_MESSAGES.bonusDaysInvalid).nullable().optional().describe('1-3650 giorni; insieme ai punti'),
});
