import { EMPTY_PROMOTION_FORM, PROMOTION_MESSAGES, promotionFormSchema, promotionRequest, type PromotionForm } from '../promotionForm';

const form = (change: Partial<PromotionForm>): PromotionForm => ({ ...EMPTY_PROMOTION_FORM, name: 'Doppi punti', ...change });
const messages = (values: PromotionForm) => {
  const result = promotionFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the promotion form rules (the API’s, api/src/features/rewards schemas.ts and routes.ts)', () => {
  it('takes a name and the default doppi punti; dates, days and hours may stay blank', () => {
    expect(messages(form({}))).toEqual([]);
    expect(messages(form({ name: '  ' }))).toEqual([['name', PROMOTION_MESSAGES.nameRequired]]);
    expect(messages(form({ name: 'x'.repeat(200) }))).toEqual([]);
    expect(messages(form({ name: 'x'.repeat(201) }))).toEqual([['name', PROMOTION_MESSAGES.nameTooLong]]);
  });

  it('takes a multiplier more than 1 and at most 10 in hundredths, with a comma or a point', () => {
    for (const good of ['1,01', '1.5', '2', ' 3,25 ', '10', '10,00']) expect(messages(form({ value: good }))).toEqual([]);
    for (const bad of ['1', '1,00', '0,5', '10,01', '11', '1,255', '-2', '', 'due', '1e1', '2,5,1']) {
      expect(messages(form({ value: bad }))).toEqual([['value', PROMOTION_MESSAGES.multiplierInvalid]]);
    }
  });

  it('takes whole extra points from 1 to 10.000', () => {
    for (const good of ['1', '20', '10000', '10.000']) expect(messages(form({ kind: 'bonus', value: good }))).toEqual([]);
    for (const bad of ['0', '10001', '10.001', '2,5', '1.00', '-3', '', 'venti']) {
      expect(messages(form({ kind: 'bonus', value: bad }))).toEqual([['value', PROMOTION_MESSAGES.bonusInvalid]]);
    }
  });

  it('wants the last day not before the first, the same day allowed', () => {
    expect(messages(form({ starts_on: '2026-12-10', ends_on: '2026-12-10' }))).toEqual([]);
    expect(messages(form({ starts_on: '2026-12-20', ends_on: '2026-12-10' }))).toEqual([['ends_on', PROMOTION_MESSAGES.datesOrder]]);
    expect(messages(form({ ends_on: '2026-12-10' }))).toEqual([]);
  });

  it('wants both hours or neither, the end after the start', () => {
    expect(messages(form({ start_time: '18:00', end_time: '20:00' }))).toEqual([]);
    expect(messages(form({ start_time: '18:00', end_time: '18:00' }))).toEqual([['end_time', PROMOTION_MESSAGES.timesOrder]]);
    expect(messages(form({ start_time: '18:00', end_time: '09:00' }))).toEqual([['end_time', PROMOTION_MESSAGES.timesOrder]]);
    expect(messages(form({ start_time: '18:00' }))).toEqual([['end_time', PROMOTION_MESSAGES.hoursBoth]]);
    expect(messages(form({ end_time: '20:00' }))).toEqual([['start_time', PROMOTION_MESSAGES.hoursBoth]]);
    expect(messages(form({ start_time: '18:00:30', end_time: '20:00' }))).toEqual([['start_time', PROMOTION_MESSAGES.timeInvalid]]);
  });

  it('names each field by its label', () => {
    expect(PROMOTION_MESSAGES.datesOrder).toMatch(/«Al».*«Dal»/);
    expect(PROMOTION_MESSAGES.timesOrder).toMatch(/«Alle».*«Dalle»/);
    expect(Object.values(PROMOTION_MESSAGES).join(' ')).not.toMatch(/Campo "|'/);
  });
});

describe('the promotion request', () => {
  it('sends the multiplier as a number, blanks as null, the days in order', () => {
    expect(promotionRequest('b1', form({ name: ' Doppi punti ', value: '1,5', weekdays: ['5', '2'], start_time: '18:00', end_time: '20:00' }))).toEqual({
      businessId: 'b1',
      name: 'Doppi punti',
      multiplier: 1.5,
      starts_on: null,
      ends_on: null,
      weekdays: [2, 5],
      start_time: '18:00',
      end_time: '20:00',
    });
  });

  it('sends the extra points instead of a multiplier, and the dates', () => {
    expect(promotionRequest('b1', form({ kind: 'bonus', value: '20', starts_on: '2026-12-01', ends_on: '2026-12-31' }))).toEqual({
      businessId: 'b1',
      name: 'Doppi punti',
      bonus_points: 20,
      starts_on: '2026-12-01',
      ends_on: '2026-12-31',
      weekdays: null,
      start_time: null,
      end_time: null,
    });
    expect(promotionRequest('b1', form({ kind: 'bonus', value: '1.000' }))).toMatchObject({ bonus_points: 1000 });
  });
});
