/**
 * Decision 108: the first page's API reads, started by the entry with the run-time config, before the async
 * boundary — the data travels in parallel with the code instead of after it.
 *
 * With a stored session on a dashboard page, the session (`/auth/me`) and the shop list (`/business`) are asked for
 * as soon as the config names the API; on a page whose route names its first data (the cards screen's
 * `card-list`, decision 101) the first page of the shop the screen will show follows once the shop list is in.
 * Until then these requests left only once React, the store and `@loyalty/shared` had been downloaded and evaluated:
 * in Lighthouse's phone run, the last ~0.3 s of the cards screen's largest paint.
 *
 * Each request goes into a hand-over table on `globalThis` (EARLY_RESPONSES_KEY) with the exact URL and the
 * `Authorization` it was sent with; shared's base query takes the answer from there, once, when its own request
 * is the same (same URL, same token, a GET within EARLY_RESPONSE_TTL_MS); anything else asks the server as before.
 * Nothing here is shown to anyone, and a failure is met again by the app's own request.
 *
 * This module runs before the singletons are negotiated: no `@loyalty/shared` values. Its constants repeat
 * shared's (`EARLY_RESPONSES_KEY`, the remembered shop's key, the default shop, the card page's size), and
 * `shell/src/startup/__tests__/earlyApi.test.ts` checks that they agree and that the app's requests find these.
 */
import { STORED_TOKEN_KEY, storedTokenClaim, storedTokenSubject } from '../shared/storedSession';

/** Same as `EARLY_RESPONSES_KEY` of `@loyalty/shared` (checked by the test). */
export const EARLY_RESPONSES_KEY = '__loyaltyEarlyResponses';
/** Same as shared's `rememberedBusinessKey` (decision 071). */
const rememberedBusinessKey = (userId: string) => `currentBusiness:${userId}`;
/** Same as shared's `DEFAULT_BUSINESS_ID` and `PAGE_SIZE` of the card list. */
const DEFAULT_BUSINESS_ID = 'default-business-id';
const CARD_PAGE_SIZE = 50;
const ADMIN_ROLES = new Set(['admin', 'super_admin']);

export interface EarlyResponse {
  authorization: string;
  at: number;
  response: Promise<Response>;
}

export interface EarlyApiOptions {
  /** A copy of the run-time config response (the bootstrap reads the original). */
  config: Promise<Response>;
  /** Whether the page being opened is a dashboard page, and the data its route shows first. */
  page: { dashboard: boolean; firstData: 'card-list' | null };
  /** Read inside: a browser that blocks storage throws on access, and then nothing is asked for. */
  storage: () => Storage;
  /** Where relative API addresses resolve (the page's address). */
  base: string;
  fetcher?: typeof fetch;
  table?: Map<string, EarlyResponse>;
}

/** The hand-over table, created once on the page. */
export function earlyResponses(): Map<string, EarlyResponse> {
  const holder = globalThis as typeof globalThis & { [EARLY_RESPONSES_KEY]?: Map<string, EarlyResponse> };
  return (holder[EARLY_RESPONSES_KEY] ??= new Map());
}

function readStored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** The shop the cards screen will show: the remembered one while listed, else the default, else the first. */
function firstShop(businesses: unknown, remembered: string | null): string | null {
  if (!Array.isArray(businesses)) return null;
  const ids = businesses.map((business: { id?: unknown } | null) => business?.id).filter((id): id is string => typeof id === 'string');
  if (remembered && ids.includes(remembered)) return remembered;
  return ids.includes(DEFAULT_BUSINESS_ID) ? DEFAULT_BUSINESS_ID : (ids[0] ?? null);
}

/** Starts the page's first reads. Never rejects: whatever fails here, the app's own request meets it again. */
export async function startEarlyApi(options: EarlyApiOptions): Promise<void> {
  options.config.catch(() => {});
  if (!options.page.dashboard) return;
  const token = readStored(options.storage, STORED_TOKEN_KEY);
  if (!token) return;
  const fetcher = options.fetcher ?? fetch.bind(globalThis);
  const table = options.table ?? earlyResponses();
  try {
    const response = await options.config;
    if (!response.ok) return;
    const config = (await response.json()) as { apiBaseUrl?: unknown } | null;
    if (typeof config?.apiBaseUrl !== 'string' || !config.apiBaseUrl) return;
    const apiBase = config.apiBaseUrl.replace(/\/+$/, '');
    const authorization = `Bearer ${token}`;
    const ask = (path: string): Promise<Response> => {
      const url = new URL(`${apiBase}/${path}`, options.base).href;
      const request = fetcher(url, { headers: { authorization }, credentials: 'include' });
      request.catch(() => {});
      table.set(url, { authorization, at: Date.now(), response: request });
      return request;
    };
    ask('auth/me');
    const businesses = ask('business');
    if (options.page.firstData !== 'card-list') return;
    // The card rows' «Invia link wallet» needs whether a wallet is configured: the shop's admins only (the API
    // refuses staff, and the screen does not ask for them).
    if (ADMIN_ROLES.has(storedTokenClaim(options.storage, 'role') ?? '')) ask('wallet/status');
    const answer = await businesses;
    if (!answer.ok) return;
    const sub = storedTokenSubject(options.storage);
    const shop = firstShop(await answer.clone().json(), sub ? readStored(options.storage, rememberedBusinessKey(sub)) : null);
    if (shop) ask(`loyalty-cards/business/${encodeURIComponent(shop)}?offset=0&limit=${CARD_PAGE_SIZE}`);
  } catch {
    // A bad config or answer: the bootstrap and the screens report it in Italian.
  }
}
