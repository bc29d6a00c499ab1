/** The bonus threshold as typed on the cards screen (SPEC §5: integer, minimum 1). */

export const THRESHOLD_ERROR = 'La soglia deve essere un numero intero di almeno 1';

/** The input's value if valid (an integer, at least 1), else null. */
export function parseThreshold(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 && value <= 1_000_000_000 ? value : null;
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
