/**
 * The run-time config request, started by the entry before the async boundary: the config is needed
 * before anything mounts, so it should not wait for the shared chunks to arrive first. This module must
 * not import `@loyalty/shared` (the entry runs before the singletons are negotiated).
 */

/** Same address as `RUNTIME_CONFIG_URL` of `@loyalty/shared` (a shell test checks they agree). */
export const EARLY_CONFIG_URL = '/runtime-config.json';

let pending: Promise<Response> | undefined;

export function startConfigRequest(fetcher: typeof fetch = fetch): void {
  if (pending) return;
  // The HTML preloads this address (tools/src/startup-preload.ts): the browser hands this request the
  // preloaded response, as it is a CORS request with same-origin credentials like the preload.
  pending = fetcher(EARLY_CONFIG_URL, { cache: 'no-store' });
  // A failure is reported by whoever takes the request; until then it is not "unhandled".
  pending.catch(() => {});
}

/**
 * A copy of the early response for readers before the bootstrap (earlyRemote.ts); the bootstrap takes
 * the original. Call it right after startConfigRequest, so the copy is made before anyone reads the body.
 */
export function copyOfConfigRequest(): Promise<Response> | undefined {
  return pending?.then((response) => response.clone());
}

/** The request started early, once (a later load, e.g. a retry, fetches afresh). */
export function takeConfigRequest(): Promise<Response> | undefined {
  const request = pending;
  pending = undefined;
  return request;
}
