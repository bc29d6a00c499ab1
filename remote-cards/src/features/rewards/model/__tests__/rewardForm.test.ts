import type { Reward } from '../../api';
import { EMPTY_REWARD_FORM, REWARD_MESSAGES, rewardFormOf, rewardFormSchema, rewardRequest, type RewardForm } from '../rewardForm';

const form = (change: Partial<RewardForm>): RewardForm => ({ ...EMPTY_REWARD_FORM, name: 'Caffè omaggio', cost: '100', ...change });
const messages = (values: RewardForm) => {
  const result = rewardFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

const saved: Reward = {
  id: 'r1',
  business_id: 'b1',
  name: 'Cornetto',
  description: 'Alla crema',
  cost: 40,
  active: false,
  valid_from: '2026-12-01',
  valid_until: '2026-12-31',
  stock: 5,
  redeemed_count: 2,
  archived: false,
  created_at: '2026-11-24T10:00:00.000Z',
};

describe('the reward dialog rules', () => {
  it('takes a name and a whole cost from 1; the rest may stay blank', () => {
    expect(messages(form({}))).toEqual([]);
    expect(messages(form({ name: '   ' }))).toEqual([['name', REWARD_MESSAGES.nameRequired]]);
  });

  it.each(['0', '-5', '2,5', '1.5', '1.00', '1.0000', '.100', '1..000', 'dieci', ''])('refuses the cost %p in the API words', (cost) => {
    expect(messages(form({ cost }))).toEqual([['cost', 'Il costo deve essere un numero intero di almeno 1']]);
  });

  it('takes a cost or a stock written the Italian way, with dots between thousands («1.000», as the dashboard writes it)', () => {
    expect(messages(form({ cost: '1.000', stock: '12.500' }))).toEqual([]);
    expect(messages(form({ cost: ' 1.000.000 ' }))).toEqual([]);
    expect(rewardRequest(form({ cost: '1.000', stock: '12.500' }))).toMatchObject({ cost: 1000, stock: 12500 });
  });

  it('takes a blank stock (unlimited) or a whole number from 0', () => {
    expect(messages(form({ stock: '' }))).toEqual([]);
    expect(messages(form({ stock: '0' }))).toEqual([]);
    expect(messages(form({ stock: '2,5' }))).toEqual([['stock', REWARD_MESSAGES.stockInvalid]]);
    expect(messages(form({ stock: '-1' }))).toEqual([['stock', REWARD_MESSAGES.stockInvalid]]);
  });

  it('wants the end of validity on or after its start', () => {
    expect(messages(form({ valid_from: '2026-12-01', valid_until: '2026-12-01' }))).toEqual([]);
    expect(messages(form({ valid_until: '2026-01-01' }))).toEqual([]);
    expect(messages(form({ valid_from: '2026-12-02', valid_until: '2026-12-01' }))).toEqual([['valid_until', REWARD_MESSAGES.datesOrder]]);
  });
});

describe('the body sent', () => {
  it('sends numbers, trims text and sends blanks as null, so an edit can clear them', () => {
    expect(rewardRequest(form({ name: '  Caffè omaggio ', cost: ' 100 ', description: '  ', stock: '' }))).toEqual({
      name: 'Caffè omaggio',
      cost: 100,
      description: null,
      active: true,
      valid_from: null,
      valid_until: null,
      stock: null,
    });
  });

  it('gives back a saved reward unchanged through the dialog', () => {
    const { id: _id, business_id: _business, redeemed_count: _count, archived: _archived, created_at: _created, ...fields } = saved;
    expect(rewardRequest(rewardFormOf(saved))).toEqual(fields);
    expect(rewardFormOf({ ...saved, stock: null, description: null, valid_from: null, valid_until: null })).toMatchObject({
      stock: '',
      description: '',
      valid_from: '',
      valid_until: '',
    });
  });
});
