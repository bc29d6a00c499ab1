const RETRIES = 2;
const BACKOFF_MS = 300;

/** A manifest request, retried on network errors and 5xx answers, never served from the HTTP cache. */
export async function fetchWithRetry(url: string, init?: RequestInit, fetcher: typeof fetch = fetch): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      const res = await fetcher(url, { ...init, cache: 'no-store' });
      if (res.status < 500) return res;
      lastError = new Error(`HTTP ${res.status} da ${url}`);
    } catch (err) {
      lastError = err;
    }
    if (attempt < RETRIES) await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** attempt));
  }
  throw lastError;
}
