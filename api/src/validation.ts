/**
 * Italian validation messages for every zod schema of the API.
 *
 * zod's locale hook is the only place that sees the raw input of a failed check, so it is where
 * "missing" and "wrong" can be told apart. It answers one of two fragments; `validationMessage` turns
 * them into `Campo "<field>" è obbligatorio` / `Campo "<field>" non valido`. A message written in a
 * schema (`z.string().min(1, 'Compila sia punti che descrizione')`) takes precedence over the locale
 * and is passed through verbatim, which is how a route uses a SPEC sentence.
 */
import { z } from 'zod';
import { fieldInvalid, fieldRequired, MESSAGES } from './messages';

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

function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`))
    .join('');
}

function issueMessage({ instancePath, message }: FieldIssue): string {
  const field = fieldName(instancePath);
  if (message !== REQUIRED && message !== INVALID) return message || MESSAGES.badRequest;
  if (!field) return message === REQUIRED ? MESSAGES.missingBody : MESSAGES.badRequest;
  return message === REQUIRED ? fieldRequired(field) : fieldInvalid(field);
}

/** One sentence for a failed request validation, naming every field at fault. */
export function validationMessage(issues: readonly FieldIssue[]): string {
  return [...new Set(issues.map(issueMessage))].join('; ');
}
