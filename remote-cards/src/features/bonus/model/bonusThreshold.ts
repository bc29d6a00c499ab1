/** The bonus threshold as typed on the cards screen (a whole number, at least 1): shared's form rule. */
import { bonusThreshold, z } from '@loyalty/shared/forms';

/** The threshold form: what is typed, read as a whole number by the rule. */
export const thresholdFormSchema = z.object({ threshold: bonusThreshold });

/** The input's value if valid (an integer, at least 1), else null. */
export function parseThreshold(input: string): number | null {
  const typed = bonusThreshold.safeParse(input);
  return typed.success ? typed.data : null;
}

/** 'La nuova soglia invierà 3 messaggi bonus. Confermi?' — the question the server asks too (409). */
export function confirmQuestion(messages: number): string {
  return `La nuova soglia invierà ${messages === 1 ? '1 messaggio bonus' : `${messages} messaggi bonus`}. Confermi?`;
}

/** What the screen says once a threshold is saved. */
export function savedMessage({ messages }: { messages: number }): string {
  if (messages === 0) return 'Soglia bonus salvata';
  return `Soglia bonus salvata: ${messages === 1 ? '1 messaggio bonus' : `${messages} messaggi bonus`} in coda`;
}
