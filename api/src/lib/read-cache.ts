import { LRUCache } from 'lru-cache';

/**
 * Finished answers of the hottest reads (a page of a business's cards, the overview stats), kept with the
 * change marker they were computed with (docs/decisions/017-api-read-cache.md). Nothing here decides
 * freshness: the caller reads the business's current marker from the database on every request and uses
 * the body only when it is the same. There is no expiry by time; entries leave by LRU when the total size
 * passes `maxBytes` (`lru-cache`, sized by bytes). One per API instance; instances share nothing but the database.
 */
export interface ReadCacheOptions {
  /** Upper bound of the bodies kept, in bytes. 0 turns the cache off. */
  maxBytes: number;
  /** Larger bodies are never kept. */
  maxEntryBytes: number;
}

export const DEFAULT_READ_CACHE_OPTIONS: ReadCacheOptions = { maxBytes: 32 * 1024 * 1024, maxEntryBytes: 1024 * 1024 };

export interface CachedAnswer {
  marker: string;
  body: Buffer;
}

export interface ReadCacheStats {
  entries: number;
  bytes: number;
  /** Bodies answered from the cache (marker still current). */
  hits: number;
  /** Entries found whose marker was no longer current. */
  stale: number;
}

export interface ReadCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, marker: string, body: Buffer): void;
  /** Counts an answer served from the cache / an entry found out of date (tests and diagnostics). */
  countHit(): void;
  countStale(): void;
  clear(): void;
  stats(): ReadCacheStats;
}

export function createReadCache(options: Partial<ReadCacheOptions> = {}): ReadCache {
  const { maxBytes, maxEntryBytes } = { ...DEFAULT_READ_CACHE_OPTIONS, ...options };
  // lru-cache refuses a size bound of 0 (it would mean "unbounded"): 0 keeps nothing, as documented above.
  const entries =
    maxBytes > 0 && maxEntryBytes > 0
      ? new LRUCache<string, CachedAnswer>({
          maxSize: maxBytes,
          // A body larger than this is not kept, and replaces nothing: an older entry of its key is dropped.
          maxEntrySize: Math.min(maxEntryBytes, maxBytes),
          // lru-cache wants a positive size; only an empty key, marker and body would weigh 0.
          sizeCalculation: (entry, key) => Math.max(1, entry.body.length + key.length + entry.marker.length),
        })
      : null;
  let hits = 0;
  let stale = 0;
  return {
    get: (key) => entries?.get(key),
    set(key, marker, body) {
      entries?.set(key, { marker, body });
    },
    countHit: () => void hits++,
    countStale: () => void stale++,
    clear: () => entries?.clear(),
    stats: () => ({ entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0, hits, stale }),
  };
}
