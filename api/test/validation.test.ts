import { z } from 'zod';
import { findUnstorableString, validationMessage } from '../src/validation';

/** What fastify-type-provider-zod hands to the error handler for a failed parse. */
function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return validationMessage(result.error.issues.map((issue) => ({ instancePath: `/${issue.path.join('/')}`, message: issue.message })));
}

const body = z.object({
  email: z.email(),
  name: z.string().trim().min(1),
  points: z.number().min(1),
  recipients: z.array(z.object({ email: z.email() })).optional(),
  description: z.string().min(1, 'Compila sia punti che descrizione').optional(),
});

describe('validationMessage', () => {
  const valid = { email: 'a@b.it', name: 'Anna', points: 3 };

  it('names a missing field as required', () => {
    expect(messageFor(body, { ...valid, email: undefined })).toBe('Campo "email" è obbligatorio');
  });

  it('treats an empty or blank string as missing', () => {
    expect(messageFor(body, { ...valid, name: '   ' })).toBe('Campo "name" è obbligatorio');
  });

  it('names a wrong value as not valid', () => {
    expect(messageFor(body, { ...valid, email: 'not-an-email' })).toBe('Campo "email" non valido');
    expect(messageFor(body, { ...valid, points: 'tre' })).toBe('Campo "points" non valido');
    expect(messageFor(body, { ...valid, points: 0 })).toBe('Campo "points" non valido');
  });

  it('names nested fields with their position', () => {
    expect(messageFor(body, { ...valid, recipients: [{ email: 'a@b.it' }, { email: 'x' }] })).toBe('Campo "recipients[1].email" non valido');
  });

  it('passes a message written in the schema through verbatim', () => {
    expect(messageFor(body, { ...valid, description: '' })).toBe('Compila sia punti che descrizione');
  });

  it('lists every field at fault', () => {
    expect(messageFor(body, {})).toBe('Campo "email" è obbligatorio; Campo "name" è obbligatorio; Campo "points" è obbligatorio');
  });

  it('reports a missing or malformed body as a whole', () => {
    expect(messageFor(body, undefined)).toBe('Corpo della richiesta mancante');
    expect(messageFor(body, 'text')).toBe('Richiesta non valida');
  });
});

describe('findUnstorableString', () => {
  it('finds U+0000 and lone surrogates in values and keys, with their path', () => {
    expect(findUnstorableString({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnstorableString({ a: 'x\ud800y' })).toEqual(['a']);
    expect(findUnstorableString({ a: '\udc00' })).toEqual(['a']);
    expect(findUnstorableString({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnstorableString('\u0000')).toEqual([]);
  });

  it('lets surrogate pairs, other control characters and non-strings through', () => {
    expect(findUnstorableString({ a: '🍕 \t\u0001\u007f\ufeff', b: [1, true, null, { c: 'Città' }] })).toBeNull();
  });

  it('walks a value nested 100 000 levels deep without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableString(deep)).toHaveLength(100_000);
  });
});
