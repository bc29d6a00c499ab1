/**
 * The «ci manchi» (win-back) settings as typed on the Automazioni screen, with the API's own rules and words
 * (api/src/features/automations/messages.ts); `automationsRequest` makes the `PUT /automations/business/{id}` body.
 */
import { z } from '@loyalty/shared/forms';
import type { Automations, AutomationsChange } from '../api';

export const WIN_BACK_PLACEHOLDERS = ['{nome}', '{negozio}', '{punti}', '{scadenza}'] as const;
const TEXT_MAX = { whatsapp: 160, sms: 160, email: 5000 } as const;
const CHANNEL_WORD = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' } as const;

export const AUTOMATION_FORM_MESSAGES = {
  daysInvalid: 'I giorni senza visite devono essere un numero intero maggiore di zero (al massimo 3650)',
  bonusPointsInvalid: 'I punti bonus devono essere un numero intero maggiore di zero (al massimo 100.000)',
  bonusDaysInvalid: 'I giorni di validità dei punti bonus devono essere un numero intero maggiore di zero (al massimo 3650)',
  bonusWhole: 'Indica sia i punti bonus sia i giorni di validità, oppure nessuno dei due',
  placeholders: 'Il messaggio può usare solo {nome}, {negozio}, {punti} e {scadenza}',
  messageTooLong: (max: number, channel: string) => `Il messaggio non può superare i ${new Intl.NumberFormat('it-IT').format(max)} caratteri per ${channel}`,
} as const;

export type WinBackChannel = Automations['win_back']['channel'];

export interface AutomationForm {
  welcome_enabled: boolean;
  win_back_enabled: boolean;
  win_back_days: string;
  win_back_channel: WinBackChannel;
  /** Blank: the default text. */
  win_back_message: string;
  /** Both blank: no bonus. */
  win_back_bonus_points: string;
  win_back_bonus_days: string;
}

const whole = (text: string, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max;
const onlyKnownPlaceholders = (text: string) => (text.match(/\{[^{}]*\}/g) ?? []).every((p) => (WIN_BACK_PLACEHOLDERS as readonly string[]).includes(p));

export const automationFormSchema = z
  .object({
    welcome_enabled: z.boolean(),
    win_back_enabled: z.boolean(),
    win_back_days: z.string(),
    win_back_channel: z.enum(['whatsapp', 'sms', 'email']),
    win_back_message: z.string(),
    win_back_bonus_points: z.string(),
    win_back_bonus_days: z.string(),
  })
  .check(
    z.superRefine((form, ctx) => {
      const fail = (field: keyof AutomationForm, message: string) => ctx.issues.push({ code: 'custom', message, path: [field], input: form[field] });
      if (!whole(form.win_back_days, 3650)) fail('win_back_days', AUTOMATION_FORM_MESSAGES.daysInvalid);
      const points = form.win_back_bonus_points.trim();
      const days = form.win_back_bonus_days.trim();
      if (points !== '' && !whole(points, 100_000)) fail('win_back_bonus_points', AUTOMATION_FORM_MESSAGES.bonusPointsInvalid);
      if (days !== '' && !whole(days, 3650)) fail('win_back_bonus_days', AUTOMATION_FORM_MESSAGES.bonusDaysInvalid);
      else if ((points === '') !== (days === '')) fail('win_back_bonus_days', AUTOMATION_FORM_MESSAGES.bonusWhole);
      const message = form.win_back_message.trim();
      const max = TEXT_MAX[form.win_back_channel];
      if ([...message].length > max) fail('win_back_message', AUTOMATION_FORM_MESSAGES.messageTooLong(max, CHANNEL_WORD[form.win_back_channel]));
      else if (!onlyKnownPlaceholders(message)) fail('win_back_message', AUTOMATION_FORM_MESSAGES.placeholders);
    }),
  );

const text = (n: number | null) => (n === null ? '' : String(n));
const number = (v: string) => (v.trim() === '' ? null : Number(v));

export function automationFormOf(saved: Automations): AutomationForm {
  return {
    welcome_enabled: saved.welcome.enabled,
    win_back_enabled: saved.win_back.enabled,
    win_back_days: String(saved.win_back.days),
    win_back_channel: saved.win_back.channel,
    win_back_message: saved.win_back.message ?? '',
    win_back_bonus_points: text(saved.win_back.bonus_points),
    win_back_bonus_days: text(saved.win_back.bonus_days),
  };
}

export function automationsRequest(form: AutomationForm): AutomationsChange {
  return {
    welcome_enabled: form.welcome_enabled,
    win_back_enabled: form.win_back_enabled,
    win_back_days: Number(form.win_back_days),
    win_back_channel: form.win_back_channel,
    win_back_message: form.win_back_message.trim() === '' ? null : form.win_back_message.trim(),
    win_back_bonus_points: number(form.win_back_bonus_points),
    win_back_bonus_days: number(form.win_back_bonus_days),
  };
}
