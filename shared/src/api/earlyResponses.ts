/**
 * Decision 108: answers the shell's entry asked for before the app was loaded (shell/src/startup/earlyApi.ts — the
 * session, the shop list, the cards screen's first page), handed to the base query's first identical request.
 *
 * The table lives on `globalThis` under EARLY_RESPONSES_KEY (the entry runs before this package is loaded, so it
 * cannot import it). An answer is taken once, only by a GET to the same URL with the same `Authorization`, within
 * EARLY_RESPONSE_TTL_MS of its request; everything else — another token, a change, a later reload of the same
 * data — goes to the server. An early request that failed is not reused either: the app asks again, and reports.
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

/** The `fetch` of the base query: an early answer for the same read, else the network. */
export const fetchWithEarlyAnswers: typeof fetch = async (input, init) => {
  const early = table();
  if (early?.size && typeof input === 'object' && 'url' in input && input.method === 'GET') {
    const entry = early.get(input.url);
    if (entry) {
      early.delete(input.url);
      if (entry.authorization === input.headers.get('Authorization') && Date.now() - entry.at < EARLY_RESPONSE_TTL_MS) {
        const response = await entry.response.catch(() => null);
        if (response) return response;
      }
    }
  }
  return fetch(input, init);
};
