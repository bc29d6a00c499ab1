/**
 * `bonusTriggered` in local storage (SPEC §3): card id → number of thresholds already notified.
 * Readable as a React external store, so the 'Bonus!' badges follow writes of this tab and of others.
 */
import { useSyncExternalStore } from 'react';

export const BONUS_STORAGE_KEY = 'bonusTriggered';

type Notified = Readonly<Record<string, number>>;

const EMPTY: Notified = Object.freeze({});
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedValue: Notified = EMPTY;

function parse(raw: string | null): Notified {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY;
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])),
    );
  } catch {
    return EMPTY;
  }
}

/** The stored counts; the same object until the stored text changes. */
export function readBonusTriggered(): Notified {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(BONUS_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing notified yet as far as this tab knows; the server key still dedupes.
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

/** Stores a count, never lowering one another tab stored meanwhile. */
export function recordBonusTriggered(cardId: string, count: number): void {
  const current = readBonusTriggered();
  if ((current[cardId] ?? 0) >= count) return;
  try {
    localStorage.setItem(BONUS_STORAGE_KEY, JSON.stringify({ ...current, [cardId]: count }));
  } catch {
    // Storage full or blocked: the idempotency key keeps the server from sending again.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BONUS_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useBonusTriggered(): Notified {
  return useSyncExternalStore(subscribe, readBonusTriggered, () => EMPTY);
}
