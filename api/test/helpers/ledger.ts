import type { LedgerEntry } from '../../src/features/cards/repository';

type Expected<T> = { [K in keyof T]: T[K] | ReturnType<typeof expect.any> };

/**
 * The whole ledger row that the points, sale and redemption answers carry, every field named: a test gives what the
 * row must hold and gets the rest as a plain credit written by someone, so a field added to the row is added here once.
 */
export function ledgerEntry(fields: Pick<Expected<LedgerEntry>, 'card_id' | 'points' | 'description'> & Partial<Expected<LedgerEntry>>): Expected<LedgerEntry> {
  return {
    id: expect.any(Number),
    kind: 'credit',
    reward_id: null,
    reward_name: null,
    amount_cents: null,
    author_id: expect.any(String),
    author_name: expect.any(String),
    created_at: expect.any(String),
    ...fields,
  };
}
