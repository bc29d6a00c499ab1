/** A ledger row's kind in Italian: what the history shows beside each change of balance. */
import type { BadgeTone } from '@loyalty/shared';
import type { LedgerEntry } from '../api';

export type LedgerKind = LedgerEntry['kind'];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  credit: 'accredito',
  redemption: 'riscatto',
  expiry: 'scadenza',
  birthday: 'bonus compleanno',
  adjustment: 'rettifica',
};

const TONES: Record<LedgerKind, BadgeTone> = {
  credit: 'success',
  redemption: 'info',
  expiry: 'warning',
  birthday: 'success',
  adjustment: 'neutral',
};

/** The kind's label and badge tone; a redemption also names its reward. */
export function ledgerKindOf(entry: Pick<LedgerEntry, 'kind' | 'reward_name'>): { label: string; tone: BadgeTone; reward: string | null } {
  return { label: LEDGER_KIND_LABELS[entry.kind], tone: TONES[entry.kind], reward: entry.kind === 'redemption' ? entry.reward_name : null };
}
