/** What the cards screen asks and says about the bonus threshold (no rules here: they load on intent, decision 107). */

/** 'La nuova soglia invierà 3 messaggi bonus. Confermi?' — the question the server asks too (409). */
export function confirmQuestion(messages: number): string {
  return `La nuova soglia invierà ${messages === 1 ? '1 messaggio bonus' : `${messages} messaggi bonus`}. Confermi?`;
}

/** What the screen says once a threshold is saved. */
export function savedMessage({ messages }: { messages: number }): string {
  if (messages === 0) return 'Soglia bonus salvata';
  return `Soglia bonus salvata: ${messages === 1 ? '1 messaggio bonus' : `${messages} messaggi bonus`} in coda`;
}
