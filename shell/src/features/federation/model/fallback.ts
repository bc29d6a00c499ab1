/**
 * The module errorLoadRemote resolves to, and the reason it was needed: the loader recognises the
 * fallback, reports the remote as unavailable and tells a version conflict from an outage.
 */
export const REMOTE_FALLBACK = Object.freeze({ __remoteUnavailable: true as const });

export function isRemoteFallback(mod: unknown): boolean {
  return typeof mod === 'object' && mod !== null && '__remoteUnavailable' in mod;
}

const lastErrors = new Map<string, unknown>();

/** `id` is the federation request, e.g. 'cards/Overview' or 'cards'. */
export function recordLoadError(id: string, error: unknown): void {
  lastErrors.set(id.split('/')[0], error);
}

export function takeLoadError(remote: string): unknown {
  const error = lastErrors.get(remote);
  lastErrors.delete(remote);
  return error;
}

/**
 * The runtime refuses a strict singleton (our @loyalty/shared) whose version the remote cannot use. (A remote
 * built with another release of `@module-federation/*` is not refused: it brings its own runtime, decision 029.)
 */
export function isIncompatibleVersion(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error ?? '');
  return /does not satisfy the requirement/.test(text);
}
