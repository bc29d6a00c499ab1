/** How the Premi screen words a reward's figures. */
import { formatCount, formatDate } from '@loyalty/shared';
import type { Reward } from '../api';

const PIECES = { one: 'pezzo', other: 'pezzi' };
const TIMES = { one: 'volta', other: 'volte' };

/** 'Sempre', 'Dal 01/12/2026', 'Fino al 31/12/2026', 'Dal 01/12/2026 al 31/12/2026'. */
export function validityText({ valid_from: from, valid_until: until }: Pick<Reward, 'valid_from' | 'valid_until'>): string {
  if (from && until) return `Dal ${formatDate(from)} al ${formatDate(until)}`;
  if (from) return `Dal ${formatDate(from)}`;
  if (until) return `Fino al ${formatDate(until)}`;
  return 'Sempre';
}

/** The calendar day (YYYY-MM-DD) it is in Rome at `now`: a reward's validity days are the shop's days. */
export function romeDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * What the list's badge says of a reward today: 'Non attivo' when switched off, 'Scaduto' after its last day,
 * 'Dal 01/12/2026' before its first, else 'Attivo'. Both days are inclusive, as the API redeems them.
 */
export function rewardState(
  reward: Pick<Reward, 'active' | 'valid_from' | 'valid_until'>,
  now: Date,
): { text: string; tone: 'success' | 'neutral' } {
  if (!reward.active) return { text: 'Non attivo', tone: 'neutral' };
  const today = romeDay(now);
  if (reward.valid_until && reward.valid_until < today) return { text: 'Scaduto', tone: 'neutral' };
  if (reward.valid_from && reward.valid_from > today) return { text: `Dal ${formatDate(reward.valid_from)}`, tone: 'neutral' };
  return { text: 'Attivo', tone: 'success' };
}

/** The dialog's warning for a reward whose last day has passed: it can be saved, but no one can redeem it. */
export const EXPIRED_REWARD_WARNING = 'Questo premio è già scaduto: i clienti non potranno riscattarlo. Puoi salvarlo così o cambiare «Valido fino al».';

/**
 * The warning the reward dialog shows before saving when «Valido fino al» is a day before today in Rome at `now`
 * (the last day is inclusive, as the API redeems it); null for no date, a date still to come, or one not yet
 * complete (the schema says what is wrong with it).
 */
export function expiredRewardWarning(validUntil: string, now: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) return null;
  return validUntil < romeDay(now) ? EXPIRED_REWARD_WARNING : null;
}

/** 'Illimitati' (as the dialog's «Vuoto: illimitati»; it read «Illimitata»), 'Esaurito', '1 pezzo', '12 pezzi'. */
export function stockText(stock: Reward['stock']): string {
  if (stock === null) return 'Illimitati';
  if (stock === 0) return 'Esaurito';
  return formatCount(stock, PIECES);
}

/** '—' never redeemed, '1 volta', '1.204 volte'. */
export function redeemedText(count: number): string {
  return count === 0 ? 'Mai' : formatCount(count, TIMES);
}

/**
 * The delete question says what will happen, as the API decides it: a reward ever redeemed is archived (the
 * cards' history keeps naming it), one never redeemed is deleted.
 */
export function deleteQuestion(reward: Pick<Reward, 'name' | 'redeemed_count'>): { willArchive: boolean; text: string } {
  if (reward.redeemed_count > 0) {
    return {
      willArchive: true,
      text: `«${reward.name}» è stato riscattato ${redeemedText(reward.redeemed_count)}: sarà archiviato. Non comparirà più tra i premi né si potrà riscattare; i movimenti delle carte continueranno a nominarlo.`,
    };
  }
  return { willArchive: false, text: `«${reward.name}» non è mai stato riscattato: sarà eliminato definitivamente.` };
}
