import type { Program } from '../../api';
import { PROGRAM_MESSAGES, onlyKnownPlaceholders, programFormOf, programFormSchema, programRequest, type ProgramForm } from '../programForm';

const saved: Program = {
  loyalty_mode: 'points',
  expiry_months: null,
  expiry_reminder_days: 14,
  birthday_points: 0,
  birthday_message: null,
  earning_rule: 'manual',
  earn_points: 1,
  earn_every_cents: 100,
  earn_rounding: 'down',
  min_spend_cents: null,
  visit_points: 1,
  visit_once_per_day: true,
};
const form = (change: Partial<ProgramForm>): ProgramForm => ({ ...programFormOf(saved), ...change });
const messages = (values: ProgramForm) => {
  const result = programFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

it('starts from the saved program: never expiring, 12 months offered, the default reminder', () => {
  expect(programFormOf(saved)).toEqual({
    loyalty_mode: 'points',
    expiry: 'never',
    expiry_months: '12',
    expiry_reminder_days: '14',
    birthday_points: '0',
    birthday_message: '',
    earning_rule: 'manual',
    earn_points: '1',
    earn_every: '1',
    earn_rounding: 'down',
    min_spend: '',
    visit_points: '1',
    visit_once_per_day: true,
  });
  expect(programFormOf({ ...saved, loyalty_mode: 'stamps', expiry_months: 6, birthday_message: 'Auguri {nome}' })).toMatchObject({
    loyalty_mode: 'stamps',
    expiry: 'months',
    expiry_months: '6',
    birthday_message: 'Auguri {nome}',
  });
});

it('checks months and reminder days only when points expire, in the API words', () => {
  expect(messages(form({ expiry: 'never', expiry_months: 'x', expiry_reminder_days: '0' }))).toEqual([]);
  expect(messages(form({ expiry: 'months', expiry_months: '121', expiry_reminder_days: '91' }))).toEqual([
    ['expiry_months', 'La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120'],
    ['expiry_reminder_days', 'Il preavviso deve essere un numero intero di giorni tra 1 e 90'],
  ]);
  expect(messages(form({ expiry: 'months', expiry_months: '120', expiry_reminder_days: '1' }))).toEqual([]);
});

it('takes a whole birthday gift from 0 to 100.000 and a message with only its placeholders', () => {
  expect(messages(form({ birthday_points: '100000' }))).toEqual([]);
  expect(messages(form({ birthday_points: '100.000' }))).toEqual([]);
  expect(messages(form({ birthday_points: '100.0' }))).toEqual([['birthday_points', PROGRAM_MESSAGES.birthdayPointsInvalid]]);
  expect(messages(form({ birthday_points: '100001' }))).toEqual([['birthday_points', PROGRAM_MESSAGES.birthdayPointsInvalid]]);
  expect(messages(form({ birthday_points: '2,5' }))).toEqual([['birthday_points', PROGRAM_MESSAGES.birthdayPointsInvalid]]);
  expect(messages(form({ birthday_message: 'Auguri {nome}, {punti} punti da {negozio}!' }))).toEqual([]);
  expect(messages(form({ birthday_message: 'Auguri {cliente}' }))).toEqual([['birthday_message', PROGRAM_MESSAGES.birthdayPlaceholders]]);
  expect(onlyKnownPlaceholders('nessun segnaposto')).toBe(true);
});

it('sends the whole program: null months for never (keeping the saved reminder), null for a blank message', () => {
  expect(programRequest(form({ expiry: 'never', expiry_reminder_days: '3', birthday_points: ' 50 ', birthday_message: '  ' }), saved)).toEqual({
    loyalty_mode: 'points',
    expiry_months: null,
    expiry_reminder_days: 14,
    birthday_points: 50,
    birthday_message: null,
    earning_rule: 'manual',
  });
  expect(programRequest(form({ loyalty_mode: 'stamps', expiry: 'months', expiry_months: '6', expiry_reminder_days: '7', birthday_message: ' Auguri! ' }), saved)).toEqual({
    loyalty_mode: 'stamps',
    expiry_months: 6,
    expiry_reminder_days: 7,
    birthday_points: 0,
    birthday_message: 'Auguri!',
    earning_rule: 'manual',
  });
});

describe('the earning rule (decision 075)', () => {
  it('shows euro the Italian way and sends cents', () => {
    expect(programFormOf({ ...saved, earning_rule: 'per_euro', earn_every_cents: 250, min_spend_cents: 1000 })).toMatchObject({ earn_every: '2,50', min_spend: '10' });
    const perEuro = form({ earning_rule: 'per_euro', earn_points: '2', earn_every: '2,50', min_spend: '10', earn_rounding: 'nearest' });
    expect(messages(perEuro)).toEqual([]);
    expect(programRequest(perEuro, saved)).toMatchObject({ earning_rule: 'per_euro', earn_points: 2, earn_every_cents: 250, earn_rounding: 'nearest', min_spend_cents: 1000 });
    // Counts written the Italian way reach the API as the numbers they are.
    expect(programRequest({ ...perEuro, birthday_points: '1.000' }, saved)).toMatchObject({ birthday_points: 1000 });
    expect(programRequest(form({ earning_rule: 'per_euro', min_spend: ' ' }), saved)).toMatchObject({ min_spend_cents: null });
  });

  it('checks only the chosen rule’s fields, with the API’s words', () => {
    expect(messages(form({ earning_rule: 'per_euro', earn_points: '0', earn_every: '0', min_spend: '1,234' }))).toEqual([
      ['earn_points', PROGRAM_MESSAGES.earnPointsInvalid],
      ['earn_every', 'L’importo deve essere maggiore di zero'],
      ['min_spend', 'Importo non valido: al massimo due decimali (centesimi)'],
    ]);
    expect(messages(form({ earning_rule: 'per_visit', visit_points: '-1', earn_points: '0' }))).toEqual([['visit_points', PROGRAM_MESSAGES.visitPointsInvalid]]);
    expect(messages(form({ earning_rule: 'manual', earn_points: '0', visit_points: 'x' }))).toEqual([]);
    expect(programRequest(form({ earning_rule: 'per_visit', visit_points: '3', visit_once_per_day: false }), saved)).toMatchObject({
      earning_rule: 'per_visit',
      visit_points: 3,
      visit_once_per_day: false,
    });
  });
});
