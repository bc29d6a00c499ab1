import { z } from 'zod';
import { fieldLabel, findUnstorableString, validationMessage } from '../src/validation';

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
  channels: z.array(z.enum(['sms', 'email'])).optional(),
  segment: z.object({ kind: z.enum(['all']), min_points: z.number().min(0).optional() }).optional(),
  description: z.string().min(1, 'Compila sia punti che descrizione').optional(),
});

// The fields are named by their Italian label (FIELD_LABELS), never by their name in the JSON.
describe('validationMessage', () => {
  const valid = { email: 'a@b.it', name: 'Anna', points: 3 };

  it('names a missing field as required', () => {
    expect(messageFor(body, { ...valid, email: undefined })).toBe('Campo "email" è obbligatorio');
  });

  it('treats an empty or blank string as missing', () => {
    expect(messageFor(body, { ...valid, name: '   ' })).toBe('Campo "nome" è obbligatorio');
  });

  it('names a wrong value as not valid', () => {
    expect(messageFor(body, { ...valid, email: 'not-an-email' })).toBe('Campo "email" non valido');
    expect(messageFor(body, { ...valid, points: 'tre' })).toBe('Campo "punti" non valido');
    expect(messageFor(body, { ...valid, points: 0 })).toBe('Campo "punti" non valido');
  });

  it('names a field inside another by its label and the one it sits in, list items by their position from 1', () => {
    expect(messageFor(body, { ...valid, recipients: [{ email: 'a@b.it' }, { email: 'x' }] })).toBe('Campo "email del destinatario 2" non valido');
    expect(messageFor(body, { ...valid, recipients: [{}] })).toBe('Campo "email del destinatario 1" è obbligatorio');
    expect(messageFor(body, { ...valid, recipients: ['a@b.it'] })).toBe('Campo "destinatario 1" non valido');
    expect(messageFor(body, { ...valid, channels: ['sms', 'fax'] })).toBe('Campo "canale 2" non valido');
    expect(messageFor(body, { ...valid, segment: { kind: 'all', min_points: -1 } })).toBe('Campo "punti minimi del segmento" non valido');
    expect(messageFor(body, { ...valid, segment: {} })).toBe('Campo "tipo del segmento" è obbligatorio');
  });

  it('passes a message written in the schema through verbatim', () => {
    expect(messageFor(body, { ...valid, description: '' })).toBe('Compila sia punti che descrizione');
  });

  it('lists every field at fault', () => {
    expect(messageFor(body, {})).toBe('Campo "email" è obbligatorio; Campo "nome" è obbligatorio; Campo "punti" è obbligatorio');
  });

  it('reports a missing or malformed body as a whole', () => {
    expect(messageFor(body, undefined)).toBe('Corpo della richiesta mancante');
    expect(messageFor(body, 'text')).toBe('Richiesta non valida');
  });
});

describe('fieldLabel', () => {
  it('applies one rule at every depth: own label, then the fields it sits in, innermost first', () => {
    expect(fieldLabel(['testRecipient'])).toBe('destinatario di prova');
    expect(fieldLabel(['recipients', 0, 'customer_phone'])).toBe('numero di telefono del destinatario 1');
    expect(fieldLabel(['recipients', 11])).toBe('destinatario 12');
    expect(fieldLabel(['targets', 0])).toBe('carta destinataria 1');
    expect(fieldLabel(['marketing_channels', 2])).toBe('canale marketing 3');
    expect(fieldLabel(['segment', 'q'])).toBe('ricerca del segmento');
  });

  it('gives no label to a field no table names, nor to a property every object has', () => {
    for (const path of [[], ['AccountSid'], ['constructor'], ['toString'], ['__proto__'], [0], ['channels', 0, 1], ['points', 0], ['email', 'name'], ['segment', 0]]) {
      expect([path, fieldLabel(path)]).toEqual([path, null]);
    }
  });

  it('names an undeclared field as such in a message, never as it was sent', () => {
    // Like Twilio's webhooks: every parameter kept, each a string.
    const webhook = z.object({ From: z.string() }).catchall(z.string());
    expect(messageFor(webhook, { From: '+39333', NumMedia: 3 })).toBe('Campo "parametro aggiuntivo" non valido');
    expect(messageFor(webhook, { From: '+39333', constructor: 3 })).toBe('Campo "parametro aggiuntivo" non valido');
    expect(messageFor(webhook, {})).toBe('Campo "mittente" è obbligatorio');
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
