/**
 * The bonus threshold as typed on the cards screen (a whole number, at least 1): shared's form rule. Loaded when the
 * threshold's form is first shown (decision 107); what the screen says about it is in bonusMessages.ts.
 */
import { bonusThreshold, z } from '@loyalty/shared/forms';

/** The threshold form: what is typed, read as a whole number by the rule. */
export const thresholdFormSchema = z.object({ threshold: bonusThreshold });

/** The input's value if valid (an integer, at least 1), else null. */
export function parseThreshold(input: string): number | null {
  const typed = bonusThreshold.safeParse(input);
  return typed.success ? typed.data : null;
}
