/**
 * Finished answers of the hottest reads (a page of a business's cards, the overview stats), kept with the
 * change marker they were computed with (docs/decisions/017-api-read-cache.md). Nothing here decides
 * freshness: the caller reads the business's current marker from the database on every request and uses
 * the body only when it is the same. There is no expiry by time; entries leave by LRU when the total size
 * passes `maxBytes`. One per API instance; instances share nothing but the database.
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
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recently used.
  const entries = new Map<string, CachedAnswer>();
  let bytes = 0;
  let hits = 0;
  let stale = 0;
  const size = (key: string, entry: CachedAnswer) => entry.body.length + key.length + entry.marker.length;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= size(key, entry);
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key, marker, body) {
      remove(key);
      const entry = { marker, body };
      const entrySize = size(key, entry);
      if (maxBytes <= 0 || entrySize > Math.min(maxEntryBytes, maxBytes)) return;
      entries.set(key, entry);
      bytes += entrySize;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    countHit: () => void hits++,
    countStale: () => void stale++,
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes, hits, stale }),
  };
}
