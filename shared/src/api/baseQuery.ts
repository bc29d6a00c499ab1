import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { sessionCleared } from '../session/sessionEvents';
import { readToken, removeToken } from '../session/tokenStorage';
import { notifyUnauthorized } from './unauthorized';
import { reportUnreachable, trackAttempt } from './connection';
import { fetchWithEarlyAnswers } from './earlyResponses';

/** The login call answers 401 for a wrong password: that is not an expired session. */
const ENDPOINTS_WHERE_401_IS_AN_ANSWER = new Set(['login']);

const fetchWithSession = fetchBaseQuery({
  // The first page's reads the shell's entry started with the code (decision 108), taken once.
  fetchFn: fetchWithEarlyAnswers,
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers) => {
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/** Joins the configured API base ('/api' or an absolute URL) with an endpoint path. */
export function apiUrl(path: string, apiBaseUrl = getRuntimeConfig().apiBaseUrl): string {
  if (ABSOLUTE_URL.test(path)) return path;
  return `${apiBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export type ApiBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
>;


/**
 * Whether a request may be sent again when its answer is late: a read, a change that carries its idempotency
 * key (the server counts it once), or a login (it writes nothing but the count of failed attempts).
 */
function isResendable(request: FetchArgs, endpoint: string): boolean {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD' || endpoint === 'login') return true;
  return new Headers(request.headers as HeadersInit | undefined).has('Idempotency-Key');
}

/**
 * One request, sent again by `retryStalled` (the «Riprova» of a request without an answer) when it may be: each
 * attempt has its own abort signal, tied to the caller's, and the time limit counts from the first attempt, so a
 * request still ends at its timeout however often it was sent again.
 */
async function sendWithRetry(request: FetchArgs, api: BaseQueryApi, extraOptions: object) {
  const deadline = Date.now() + (request.timeout ?? REQUEST_TIMEOUT_MS);
  const resendable = isResendable(request, api.endpoint);
  for (;;) {
    const attempt = new AbortController();
    const forward = () => attempt.abort(api.signal.reason);
    if (api.signal.aborted) forward();
    else api.signal.addEventListener('abort', forward, { once: true });
    let restarted = false;
    const untrack = resendable
      ? trackAttempt(() => {
          restarted = true;
          attempt.abort();
        })
      : () => false;
    try {
      const result = await fetchWithSession(
        { ...request, url: apiUrl(request.url), timeout: Math.max(1, deadline - Date.now()) },
        { ...api, signal: attempt.signal },
        extraOptions,
      );
      if (restarted && !api.signal.aborted && Date.now() < deadline) continue;
      return { result, restarted };
    } finally {
      untrack();
      api.signal.removeEventListener('abort', forward);
    }
  }
}

/**
 * fetchBaseQuery plus the session rules: the stored token as `Authorization: Bearer`, a request aborted after
 * REQUEST_TIMEOUT_MS, and a 401 that ends the session. The API base is read per request, not at
 * import, because the run-time configuration is loaded after this module is evaluated. A request that may be
 * sent again is tracked while it waits (connection.ts: «Riprova» after STALLED_AFTER_MS); a refused connection
 * or a 5xx has the API's health checked (the banner of a lost connection).
 */
export const baseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const { result } = await sendWithRetry(request, api, extraOptions);
  const { error } = result;
  if (!error) return result;
  // No connection, or a 5xx — what a proxy answers when the API behind it is gone (502, 503, 504, or a 500 for a
  // refused connection): the watcher asks `/api/health` before anything is said (connection.ts), so an API's own
  // 500 on one route shows no banner.
  if ((error.status === 'FETCH_ERROR' && !api.signal.aborted) || (typeof error.status === 'number' && error.status >= 500)) {
    reportUnreachable();
  }

  const requestLabel = `${request.method ?? 'GET'} ${request.url}`;
  if (error.status === 401) {
    if (!ENDPOINTS_WHERE_401_IS_AN_ANSWER.has(api.endpoint)) {
      // A password change replaces the token (the old one stops working at once): a request that left
      // with the old one is asked again with the new one instead of ending the new session. The server
      // refuses an unauthenticated request before doing anything, so asking again is safe.
      const sent = result.meta?.request.headers.get('Authorization') ?? null;
      const current = readToken();
      if (current && sent !== `Bearer ${current}`) return baseQuery(args, api, extraOptions);
      removeToken();
      api.dispatch(sessionCleared());
      notifyUnauthorized();
    }
  } else if (typeof error.status === 'number' && error.status < 500) {
    // A refusal the screen answers (a form's field, the 60-second question of a second sale): not a fault.
    console.warn(`Richiesta rifiutata dal server (${error.status}) su ${requestLabel}`, error.data);
  } else if (typeof error.status === 'number') {
    console.error(`Errore dal server (${error.status}) su ${requestLabel}`, error.data);
  } else {
    // FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR: the server never gave a usable answer.
    console.error(`Nessuna risposta valida dal server su ${requestLabel}`, error.error);
  }
  return result;
};
