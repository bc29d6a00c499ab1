import { LRUCache } from 'lru-cache';
import type { UserRecord } from './principal';

export interface SessionCacheOptions {
  /** How long a verified token and its user are reused without asking the database (ms). */
  ttlMs: number;
  /** Most tokens kept; the least recently used goes first. */
  maxEntries: number;
  now?: () => number;
}

export interface SessionCache {
  /** The user of a token verified less than `ttlMs` ago (and not expired), else undefined. */
  get(token: string): UserRecord | undefined;
  /**
   * Remembers `user` for `token` until `ttlMs` from now or the token's expiry, whichever is first.
   * `generation` is `generation()` read before the user was loaded: a user loaded before an invalidation
   * is not stored after it.
   */
  set(token: string, user: UserRecord, tokenExpiresAt: number, generation: number): void;
  generation(): number;
  /** Forgets every token of the user: its password changed, it was deleted or changed. */
  forgetUser(userId: string): void;
  clear(): void;
  /**
   * Decision 078: called with the user's id (or `*` for everyone) each time this instance forgets one — asked
   * here or, with Redis, by another instance — so an open session-events stream can tell its page at once.
   * Returns the function that stops listening.
   */
  onForget(listener: (userId: string) => void): () => void;
  readonly size: number;
}

/**
 * In-process cache of verified bearer tokens → their user, so that a burst of requests with the same token
 * does one JWT check and one user lookup per `ttlMs` instead of one per request. Bounded (`lru-cache`: the
 * least recently used token goes first) and short-lived; every path of the API that changes or removes a user
 * calls `forgetUser`, so such a change is seen by the next request; a change made outside the API (by hand in
 * the database) is seen within `ttlMs`.
 *
 * Each entry keeps its own deadline, checked here rather than with lru-cache's `ttl`: lru-cache still serves an
 * entry at the very instant its time is up (stale only when age > ttl), and a token must not be served at its
 * expiry. Expired entries leave when next asked for, or by the LRU bound, as lru-cache's would.
 */
export function createSessionCache({ ttlMs, maxEntries, now = Date.now }: SessionCacheOptions): SessionCache {
  const entries = new LRUCache<string, { user: UserRecord; until: number }>({ max: Math.max(1, maxEntries) });
  let generation = 0;
  const listeners = new Set<(userId: string) => void>();
  const tell = (userId: string) => {
    for (const listener of [...listeners]) listener(userId);
  };
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.user;
    },
    set(token, user, tokenExpiresAt, seenGeneration) {
      if (ttlMs <= 0 || maxEntries <= 0 || seenGeneration !== generation) return;
      const until = Math.min(now() + ttlMs, tokenExpiresAt);
      if (until <= now()) return;
      entries.set(token, { user: Object.freeze({ ...user }), until });
    },
    generation: () => generation,
    forgetUser(userId) {
      generation++;
      const tokens = [...entries.entries()].filter(([, entry]) => entry.user.id === userId).map(([token]) => token);
      for (const token of tokens) entries.delete(token);
      tell(userId);
    },
    clear() {
      generation++;
      entries.clear();
      tell('*');
    },
    onForget(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size() {
      return entries.size;
    },
  };
}
