/**
 * What the dashboard knows about its link to the API, kept outside React and Redux so the base query, the
 * shell's banner and any remote read the same thing (the shared library is one instance for all of them):
 * - requests in flight, so a «Riprova» on a request that has had no answer for a while sends it again;
 * - whether the API can be reached at all, decided by `/api/health` once a request met a refused
 *   connection or a 5xx (what a proxy answers when the API is gone).
 */

/** A request without an answer for this long is shown as such, where the user waits (it still runs until its timeout). */
export const STALLED_AFTER_MS = 8_000;

/** The Italian words of both states, written once. */
export const CONNECTION_MESSAGES = {
  stalled: 'Il server non risponde. Riprova tra poco.',
  lost: 'Connessione al server persa. Riprovo appena torna disponibile.',
  unsaved: 'Modifica non salvata: il server non ha confermato. Inviala di nuovo: non verrà registrata due volte.',
  resend: 'Invia di nuovo',
} as const;

interface Attempt {
  startedAt: number;
  /** Aborts this attempt; the base query then sends the same request again. */
  restart: () => void;
}

const inFlight = new Set<Attempt>();
const attemptListeners = new Set<() => void>();

function attemptsChanged() {
  for (const listener of [...attemptListeners]) listener();
}

/** Tracks one attempt of a request that may be sent again; the returned function forgets it. */
export function trackAttempt(restart: () => void): () => void {
  const attempt: Attempt = { startedAt: Date.now(), restart };
  inFlight.add(attempt);
  attemptsChanged();
  return () => {
    if (inFlight.delete(attempt)) attemptsChanged();
  };
}

/** When the oldest request still waiting was sent (null: none waits). */
export function oldestAttemptStart(): number | null {
  let oldest: number | null = null;
  for (const attempt of inFlight) if (oldest === null || attempt.startedAt < oldest) oldest = attempt.startedAt;
  return oldest;
}

export function subscribeAttempts(listener: () => void): () => void {
  attemptListeners.add(listener);
  return () => attemptListeners.delete(listener);
}

/**
 * «Riprova» on a request still without an answer: every request that may be sent again (a read, a change
 * carrying its idempotency key, a login) and has waited STALLED_AFTER_MS or more is abandoned and sent again
 * at once, with the same arguments and headers, so a change keeps its key and the server counts it once.
 * Returns how many were sent again.
 */
export function retryStalled(now = Date.now()): number {
  let restarted = 0;
  for (const attempt of [...inFlight]) {
    if (now - attempt.startedAt < STALLED_AFTER_MS) continue;
    inFlight.delete(attempt);
    attempt.restart();
    restarted += 1;
  }
  if (restarted > 0) attemptsChanged();
  return restarted;
}

export type ConnectionState = 'ok' | 'checking' | 'lost';

let state: ConnectionState = 'ok';
const listeners = new Set<() => void>();

function setState(next: ConnectionState) {
  if (next === state) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getConnectionState(): ConnectionState {
  return state;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A request met a refused connection or a 5xx (what a proxy answers when the API behind it is gone): the watcher (useConnectionWatch)
 * asks `/api/health` before anything is said, so one failed request of a working API shows no banner.
 */
export function reportUnreachable(): void {
  if (state === 'ok') setState('checking');
}

/** The watcher's verdicts. */
export function markConnectionLost(): void {
  setState('lost');
}

export function markConnectionOk(): void {
  setState('ok');
}
