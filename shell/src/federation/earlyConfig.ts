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
  pending = fetcher(EARLY_CONFIG_URL, { cache: 'no-store' });
  // A failure is reported by whoever takes the request; until then it is not "unhandled".
  pending.catch(() => {});
}

/** The request started early, once (a later load, e.g. a retry, fetches afresh). */
export function takeConfigRequest(): Promise<Response> | undefined {
  const request = pending;
  pending = undefined;
  return request;
}
