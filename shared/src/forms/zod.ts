/**
 * The part of zod the forms use, from `zod/mini` (docs/decisions/034-forms-one-way.md). It reaches the page
 * once, inside the federated `@loyalty/shared/forms` singleton, with only these builders: a federated zod
 * package cannot be tree-shaken and both of zod's entries re-export its ~45 locales (86 KB gzip for
 * `zod/mini` whole, 6 KB for what the forms use). A form that needs another builder adds it here.
 */
import {
  array,
  boolean,
  check,
  custom,
  enum as enumOf,
  literal,
  maxLength,
  minLength,
  number,
  object,
  optional,
  pipe,
  refine,
  string,
  superRefine,
  transform,
  trim,
  NEVER,
} from 'zod/mini';

export const z = {
  array,
  boolean,
  check,
  custom,
  enum: enumOf,
  literal,
  maxLength,
  minLength,
  number,
  object,
  optional,
  pipe,
  refine,
  string,
  superRefine,
  transform,
  trim,
  NEVER,
} as const;

export type { infer as FormOutput, input as FormInput, ZodMiniType as FormSchema } from 'zod/mini';
