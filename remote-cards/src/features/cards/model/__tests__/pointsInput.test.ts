import { FORM_MESSAGES } from '@loyalty/shared/forms';
import { addPointsSchema, parsePointsInput, pointsFormMessages, pointsFormSchema, STAMP_MESSAGES } from '../pointsInput';

describe('parsePointsInput', () => {
  it.each([
    ['10', 10],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['-3', -3],
    [' 0.25 ', 0.25],
    ['', null],
    ['abc', null],
    ['1,2,3', null],
  ])('%p → %p', (input, value) => expect(parsePointsInput(input)).toBe(value));
});

/** The amount's verdict: the number sent, or the first message. */
function verdict(schema: ReturnType<typeof pointsFormSchema> | ReturnType<typeof addPointsSchema>, points: string) {
  const result = schema.safeParse({ points, description: 'Caffè' });
  return result.success ? result.data.points : result.error.issues[0].message;
}

describe("a card row's amount", () => {
  it("takes decimals in points mode, with the product's Italian messages", () => {
    const points = pointsFormSchema('points');
    expect(verdict(points, '12,5')).toBe(12.5);
    expect(verdict(points, '-3')).toBe(-3);
    expect(verdict(points, '0')).toBe(FORM_MESSAGES.pointsNotZero);
    expect(verdict(points, 'abc')).toBe(FORM_MESSAGES.pointsInvalid);
  });

  it('takes whole stamps from 1 only, in the words the API refuses the others with, and says timbri', () => {
    const stamps = pointsFormSchema('stamps');
    expect(verdict(stamps, ' 2 ')).toBe(2);
    for (const refused of ['1,5', '1.0', '0', '-1']) expect(verdict(stamps, refused)).toBe('In modalità timbri puoi aggiungere solo timbri interi (almeno 1)');
    expect(verdict(stamps, '1000001')).toBe(STAMP_MESSAGES.perOperation);
    expect(verdict(stamps, '')).toBe(STAMP_MESSAGES.bothRequired);
    expect(pointsFormMessages('stamps').bothRequired).toBe('Compila sia timbri che descrizione');
    expect(pointsFormMessages('points').bothRequired).toBe(FORM_MESSAGES.pointsAndDescriptionRequired);
  });
});

describe('the QR page amount', () => {
  it('is at least 1, with decimals for points', () => {
    expect(verdict(addPointsSchema('points'), '0,5')).toBe(FORM_MESSAGES.qrPointsMinimum);
    expect(verdict(addPointsSchema('points'), '7,25')).toBe(7.25);
  });

  it('is a whole number of stamps from 1, in the words the API uses for a fractional one', () => {
    expect(verdict(addPointsSchema('stamps'), '1')).toBe(1);
    expect(verdict(addPointsSchema('stamps'), '0')).toBe('Inserisci almeno 1 timbro');
    expect(verdict(addPointsSchema('stamps'), '-2')).toBe('Inserisci almeno 1 timbro');
    expect(verdict(addPointsSchema('stamps'), '1,5')).toBe('In modalità timbri puoi aggiungere solo timbri interi (almeno 1)');
  });
});
