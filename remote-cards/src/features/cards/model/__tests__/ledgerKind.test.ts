import { LEDGER_KIND_LABELS, ledgerKindOf } from '../ledgerKind';

it('names every kind of ledger row in Italian', () => {
  expect(LEDGER_KIND_LABELS).toEqual({
    credit: 'accredito',
    redemption: 'riscatto',
    expiry: 'scadenza',
    birthday: 'bonus compleanno',
    adjustment: 'rettifica',
  });
});

it('names the reward of a redemption only', () => {
  expect(ledgerKindOf({ kind: 'redemption', reward_name: 'Caffè omaggio' })).toMatchObject({ label: 'riscatto', reward: 'Caffè omaggio' });
  expect(ledgerKindOf({ kind: 'credit', reward_name: null })).toMatchObject({ label: 'accredito', reward: null });
  expect(ledgerKindOf({ kind: 'expiry', reward_name: null })).toMatchObject({ label: 'scadenza', tone: 'warning' });
});
