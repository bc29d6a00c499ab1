/**
 * Italian validation messages for every zod schema of the API.
 *
 * zod's locale hook is the only place that sees the raw input of a failed check, so it is where
 * "missing" and "wrong" can be told apart. It answers one of two fragments; `validationMessage` turns
 * them into `Campo "<label>" è obbligatorio` / `Campo "<label>" non valido`, the field named by its Italian
 * label (`fieldLabel`). A message written in a schema (`z.string().min(1, 'Compila sia punti che
 * descrizione')`) takes precedence over the locale and is passed through verbatim, which is how a route
 * uses a sentence of the specification's, verbatim.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD_LABELS, fieldInvalid, fieldRequired, fieldWithInvalidCharacters, ITEM_LABELS, MESSAGES, OWNER_LABELS, UNDECLARED_FIELD_LABEL } from './messages';

const REQUIRED = '\u0000required';
const INVALID = '\u0000invalid';

function isMissing(issue: { code?: string; input?: unknown; origin?: string; minimum?: unknown }): boolean {
  if (issue.input === undefined || issue.input === null) return true;
  return issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1 && issue.input === '';
}

z.config({ localeError: (issue) => (isMissing(issue as Parameters<typeof isMissing>[0]) ? REQUIRED : INVALID) });

export interface FieldIssue {
  /** JSON pointer to the field, as fastify reports it (`/recipients/0/email`). */
  instancePath: string;
  message?: string;
}

/** A key of a label table, never a property every object has (`constructor`). */
const lookup = (table: Readonly<Record<string, string>>, key: string | number): string | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * The Italian label of the field at `path` (keys, and indexes counted from 0), or null for a field no
 * label table names. One rule for every nesting: the field's own label, then, innermost first, the field
 * it sits in, each list item with its position counted from 1: `recipients[1].email` → 'email del
 * destinatario 2', `channels[0]` → 'canale 1', `segment.kind` → 'tipo del segmento'.
 */
export function fieldLabel(path: readonly (string | number)[]): string | null {
  // Pair each key with the index that follows it, if any.
  const steps: { key: string; index?: number }[] = [];
  for (const segment of path) {
    if (typeof segment === 'number') {
      const last = steps.at(-1);
      if (!last || last.index !== undefined) return null;
      last.index = segment;
    } else {
      steps.push({ key: segment });
    }
  }
  if (steps.length === 0) return null;
  const position = (index: number | undefined) => (index === undefined ? '' : ` ${index + 1}`);
  const words: string[] = [];
  for (const [i, { key, index }] of steps.entries()) {
    const own = i === steps.length - 1;
    const word = own ? (index === undefined ? lookup(FIELD_LABELS, key) : lookup(ITEM_LABELS, key)) : lookup(OWNER_LABELS, key);
    if (word === undefined) return null;
    words.unshift(`${word}${position(index)}`);
  }
  return words.join(' ');
}

/** The fields of a JSON pointer as fastify reports it (`/recipients/0/email`): digits are list positions. */
const pathOfPointer = (instancePath: string): (string | number)[] =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));

/** The label a message shows: a field without one (a webhook's extra parameter) is not named as sent. */
const shownLabel = (path: readonly (string | number)[]) => fieldLabel(path) ?? UNDECLARED_FIELD_LABEL;

function issueMessage({ instancePath, message }: FieldIssue): string {
  if (message !== REQUIRED && message !== INVALID) return message || MESSAGES.badRequest;
  const path = pathOfPointer(instancePath);
  if (path.length === 0) return message === REQUIRED ? MESSAGES.missingBody : MESSAGES.badRequest;
  return message === REQUIRED ? fieldRequired(shownLabel(path)) : fieldInvalid(shownLabel(path));
}

/** One sentence for a failed request validation, naming every field at fault. */
export function validationMessage(issues: readonly FieldIssue[]): string {
  return [...new Set(issues.map(issueMessage))].join('; ');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text column can hold the string. Not U+0000 (PostgreSQL refuses it in `text` and `jsonb`, so
 * the query failed with a 500) nor a UTF-16 surrogate without its pair (it has no UTF-8 form: both drivers
 * silently stored U+FFFD instead). Every other character, control characters included, is stored as it is.
 */
const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** A value met while walking a request, linked to its parent: its path is only built for the one reported. */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) path.push(v.key);
  return path.reverse();
};

/**
 * The path to the first string (value or object key) in `value` that the database cannot store, or null.
 * Iterative, as a request body may nest thousands of levels deep.
 */
export function findUnstorableString(value: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorable(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child: Visit = { value: (current as Record<string, unknown>)[keys[i]], key: keys[i], parent: visit };
        if (!isStorable(keys[i])) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * fastify-type-provider-zod's validator, then one check of every string the route is handed (params,
 * querystring, headers and body, as parsed: a JSON string a schema decodes, like a campaign's `recipients`,
 * is checked too) for characters the database cannot store. The only place this is checked: no handler
 * sees such a string, whatever its schema.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const result = validate(data) as { error?: FastifySchemaValidationError[]; value?: unknown };
    if (result.error) return result;
    const path = findUnstorableString(result.value);
    if (!path) return result;
    const issue: FastifySchemaValidationError = {
      keyword: 'characters',
      instancePath: `/${path.join('/')}`,
      schemaPath: '#',
      params: {},
      message: fieldWithInvalidCharacters(shownLabel(path)),
    };
    return { error: [issue] };
  };
};
