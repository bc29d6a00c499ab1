/**
 * The part of zod the forms use, from `zod/mini` (docs/decisions/034-forms-one-way.md). It reaches the
 * dashboard once, inside the federated `@loyalty/shared/forms` singleton, with only these builders: a
 * federated zod package cannot be tree-shaken and both of zod's entries re-export its ~45 locales (86 KB gzip
 * for `zod/mini` whole, 6 KB for what the forms use). The public pages' scripts bundle, tree-shaken, what
 * their forms use (decision 063). A form that needs another builder adds it to `zodBuilders.ts`.
 */
export * as z from './zodBuilders';

export type { infer as FormOutput, input as FormInput, ZodMiniType as FormSchema } from 'zod/mini';
