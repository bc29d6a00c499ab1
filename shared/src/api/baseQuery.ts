import {
  fetchBaseQuery,
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

/** The login call answers 401 for a wrong password: that is not an expired session. */
const ENDPOINTS_WHERE_401_IS_AN_ANSWER = new Set(['login']);

const fetchWithSession = fetchBaseQuery({
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
 * fetchBaseQuery plus the session rules: the stored token as `Authorization: Bearer`, a request aborted after
 * REQUEST_TIMEOUT_MS, and a 401 that ends the session. The API base is read per request, not at
 * import, because the run-time configuration is loaded after this module is evaluated.
 */
export const baseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const result = await fetchWithSession({ ...request, url: apiUrl(request.url) }, api, extraOptions);
  const { error } = result;
  if (!error) return result;

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
  } else if (typeof error.status === 'number') {
    console.error(`Errore dal server (${error.status}) su ${requestLabel}`, error.data);
  } else {
    // FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR: the server never gave a usable answer.
    console.error(`Nessuna risposta valida dal server su ${requestLabel}`, error.error);
  }
  return result;
};
