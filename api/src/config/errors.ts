/**
 * The one error of a bad setting and the one way a section of the environment is checked: a zod schema whose
 * every problem is a sentence naming its variable. Kept apart from the sections so each of them (index.ts,
 * messaging.ts, wallet.ts) imports it without importing one another.
 */
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A passphrase's spaces are part of it: the only variable whose blank value is not the same as unset. */
const VERBATIM = new Set(['WALLET_APPLE_KEY_PASSPHRASE']);

/** The environment without its unset and blank variables (empty or spaces only count as unset). */
export function presentVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && (VERBATIM.has(entry[0]) ? entry[1] !== '' : entry[1].trim() !== '')),
  );
}

/** The variable an issue is about: the last upper-case name on its path (sections nest the variables one level down). */
function variableOf(issue: z.core.$ZodIssue): string | undefined {
  return issue.path.filter((key): key is string => typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)).at(-1);
}

/** Parses `input` with `schema`; any problem throws one `ConfigError` listing every sentence, each naming its variable. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const variable = variableOf(issue);
      return variable === undefined || issue.message.includes(variable) ? issue.message : `${variable} is not valid`;
    }),
  );
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** true/1/yes or false/0/no, any case; anything else: "NAME must be true or false (got "…")". */
export const booleanVar = (name: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const parsed = BOOLEAN_WORDS[v.trim().toLowerCase()];
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${v}")` });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();
