/**
 * Decision 108: answers the shell's entry asked for before the app was loaded (shell/src/startup/earlyApi.ts — the
 * session, the shop list, the cards screen's first page), handed to the base query's first identical request.
 *
 * The table lives on `globalThis` under EARLY_RESPONSES_KEY (the entry runs before this package is loaded, so it
 * cannot import it). An answer is taken once, only by a GET to the same URL with the same `Authorization`, within
 * EARLY_RESPONSE_TTL_MS of its request; everything else — another token, a change, a later reload of the same
 * data, a read after a change the page sent — goes to the server. An early request that failed is not reused either:
 * the app asks again, and reports.
 */

export const EARLY_RESPONSES_KEY = '__loyaltyEarlyResponses';
/** Older than this, an early answer is not what the server has now: the page asks again. */
export const EARLY_RESPONSE_TTL_MS = 10_000;

interface EarlyResponse {
  authorization: string;
  at: number;
  response: Promise<Response>;
}

function table(): Map<string, EarlyResponse> | undefined {
  return (globalThis as typeof globalThis & { [EARLY_RESPONSES_KEY]?: Map<string, EarlyResponse> })[EARLY_RESPONSES_KEY];
}

/** Addresses the page has already read, per hand-over table (one per page): an early answer is only a first read. */
const readBy = new WeakMap<Map<string, EarlyResponse>, Set<string>>();

/**
 * The `fetch` of the base query: an early answer for the page's first read of an address, else the network.
 *
 * An early answer stands only for what the server had when the page opened, so it is never used after the app has
 * read the same address itself (it asked before the entry's request was registered: the next read must be fresh)
 * nor after any change the page sent (a POST, PUT, PATCH or DELETE: a switch turned on must not come back off from a
 * read made before it) — the journeys' services switch read its own change back as it was before it, once.
 */
export const fetchWithEarlyAnswers: typeof fetch = async (input, init) => {
  const early = table();
  if (early && typeof input === 'object' && 'url' in input) {
    if (input.method !== 'GET') early.clear();
    else {
      const read = readBy.get(early) ?? new Set<string>();
      readBy.set(early, read);
      const entry = read.has(input.url) ? undefined : early.get(input.url);
      read.add(input.url);
      early.delete(input.url);
      if (entry && entry.authorization === input.headers.get('Authorization') && Date.now() - entry.at < EARLY_RESPONSE_TTL_MS) {
        const response = await entry.response.catch(() => null);
        if (response) return response;
      }
    }
  }
  return fetch(input, init);
};
