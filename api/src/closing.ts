/**
 * Decision 055 (rolling restarts): the header an API instance that is shutting down puts on the 503 it answers
 * instead of running a request. The static servers' /api proxy (tools/src/static-server.ts) sends such a request
 * to another instance, whatever its method: it never ran here. A module of its own so the proxy can read the
 * name without loading the API.
 */
export const API_CLOSING_HEADER = 'x-api-closing';
