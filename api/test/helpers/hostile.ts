/**
 * fast-check generators of hostile input, one per place a value can travel: a JSON body (as raw JSON text,
 * so `-0`, `1e400` or 10 000 levels of nesting arrive exactly as written), a query string and a path
 * segment (already percent-encoded, including encodings no browser would produce).
 */
import fc from 'fast-check';

/** What breaks storage, parsing or display: U+0000, lone surrogates, other controls, bidi and BOM, URL and JSON syntax. */
const SPECIAL_CHARACTERS = [
  '\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u00a0', '\u2028',
  '\u202e', '\ufeff', '\uffff', '🍕', '\\', '"', "'", '%', '%00', '&', '=', '?', '#', '/', '${x}', '<b>',
];

/** Strings that look like numbers, literals or JSON to a parser that is too helpful. */
const NUMBER_LIKE = ['NaN', 'Infinity', '-Infinity', '-0', '1e308', '1e400', '5e-324', '9007199254740993', '0x1F', ' 1 ', '', '   ', 'null', 'true', '[]', '{}'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...SPECIAL_CHARACTERS), fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(201, 1_001, 20_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(...NUMBER_LIKE),
  // A JSON string the schema decodes itself (a campaign's `recipients`).
  fc.constant('[{"customer_phone":"\\u0000"}]'),
);

const NUMBERS_JSON = ['1e308', '-1e308', '1e400', '-1e400', '5e-324', '-5e-324', '-0', '0', '9007199254740993', '-9007199254740993', '0.004', '1.005', '1e21', '123456789012.345', '-1'];
const WRONG_TYPES_JSON = ['true', 'false', 'null', '[]', '{}', '[1,"a",null]', '{"a":{"b":[]}}', '[[]]'];

/** Arrays or objects nested `depth` levels deep, the innermost value a U+0000 string. */
const nested = (depth: number, arrays: boolean) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '"\\u0000"' + '}'.repeat(depth));
const deepJson = fc.tuple(fc.constantFrom(50, 64, 1_000, 10_000), fc.boolean()).map(([depth, arrays]) => nested(depth, arrays));

/** Raw JSON text of a hostile value. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => JSON.stringify(s)),
  fc.oneof(fc.constantFrom(...NUMBERS_JSON), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)),
  fc.constantFrom(...WRONG_TYPES_JSON),
  deepJson,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

/**
 * Percent-encodes every character but the unreserved ones, as UTF-8; a lone surrogate becomes the bytes
 * of its 3-byte (invalid) UTF-8 form, which is what a hostile client can send (encodeURIComponent throws).
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (/^[A-Za-z0-9\-._~]$/.test(String.fromCharCode(code))) {
      out += String.fromCharCode(code);
      continue;
    }
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            : [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Escapes no decoder accepts, or that decode to U+0000 or to an overlong or truncated sequence. */
const BROKEN_ESCAPES = ['%', '%F', '%FF', '%00', '%C0%80', '%ED%A0%80', '%E2%82', '%2F', '%2e%2e', '+'];

const hostileEncoded = fc.oneof(hostileString.map(percentEncode), fc.constantFrom(...BROKEN_ESCAPES));

/** What a numeric query parameter gets coerced from: beyond every range, not a number, or exact only as text. */
const NUMERIC_TEXT = [...NUMBER_LIKE, '1e20', '-1e20', '99999999999999999999', '1.5', '-1', '0', '1e-7', '5e-324'];

/** `key=…` for a query string: one hostile value, a numeric-looking one, the key twice (an array), or the key alone. */
export const hostileQuery = (key: string): fc.Arbitrary<string> =>
  fc.oneof(
    hostileEncoded.map((v) => `${key}=${v}`),
    fc.constantFrom(...NUMERIC_TEXT).map((v) => `${key}=${percentEncode(v)}`),
    fc.tuple(hostileEncoded, hostileEncoded).map(([a, b]) => `${key}=${a}&${key}=${b}`),
    fc.constantFrom(key, `${key}[]=1`, `${key}[a]=1`),
  );

/** A raw path segment (never empty: that is another route). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileEncoded.filter((v) => v !== ''),
  fc.constantFrom('..', '.', 'x'.repeat(101), 'x'.repeat(201)),
);

/** A header value Node's HTTP parser lets through (visible ASCII, spaces, tabs): long, numeric-looking, no valid host. */
export const hostileHeader: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.constantFrom(...NUMBER_LIKE.filter((v) => v.trim() !== ''), 'x'.repeat(201), 'x'.repeat(8_000), 'a b', '[::1', 'x:99999', '\t'),
);

/** A key no route declares, sent in every query string and body: every route gets at least this input, and a loose body schema keeps it. */
export const UNKNOWN_KEY = 'zz_unknown';

/**
 * Values every input gets on every run before the random ones, one of each kind that has broken something:
 * U+0000, a lone surrogate, numbers beyond every range or below a cent, wrong types, deep nesting. A body
 * field (`key`; null is the body as a whole) gets 10 000 levels only where a schema may keep what it does
 * not know (the whole body, an unknown key), 1 000 elsewhere: deep JSON is slow to parse, and 5 000 levels
 * are enough to exhaust the stack of a recursive walk.
 */
export function hostileExamples(part: 'params' | 'querystring' | 'headers' | 'body', key: string | null): string[] {
  switch (part) {
    case 'params':
      return ['%00', '%ED%A0%80', '%', 'x'.repeat(101)];
    case 'querystring':
      return ['%00', '%ED%A0%80', '1e308', '1e20', 'NaN', '-0'].map((v) => `${key}=${v}`).concat(`${key}=a&${key}=b`);
    case 'headers':
      return ['x'.repeat(201), 'NaN', 'a b', '[::1'];
    case 'body': {
      const deep = key === null ? nested(10_000, false) : key === UNKNOWN_KEY ? nested(10_000, true) : nested(1_000, true);
      return ['"a\\u0000b"', '"\\ud800"', '-0', '1e400', '5e-324', '9007199254740993', 'null', '[]', deep];
    }
  }
}
