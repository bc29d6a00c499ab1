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

/** 'Illimitata', 'Esaurito', '1 pezzo', '12 pezzi'. */
export function stockText(stock: Reward['stock']): string {
  if (stock === null) return 'Illimitata';
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
