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

/** A remote built against another Module Federation runtime core than the one the shell provides to all remotes. */
export class RuntimeMismatchError extends Error {
  constructor(remote: string, needed: string, provided: string) {
    super(`${remote}: costruito per il runtime Module Federation ${needed}, la shell fornisce ${provided}; va ricostruito con ${provided}`);
    this.name = 'RuntimeMismatchError';
  }
}

/** Where a remote's mf-manifest.json says which core it was built for (MANIFEST_RUNTIME_KEY in tools). */
interface ManifestMetaData {
  externalRuntime?: string;
}

/**
 * The core version a remote's manifest asks for, when it is not the one this shell provides to every remote;
 * null when the remote can run here (same core, or it brings its own: no key).
 */
export function otherRuntimeNeeded(metaData: unknown): string | null {
  const needed = (metaData as ManifestMetaData | undefined)?.externalRuntime;
  return needed && needed !== __FEDERATION_RUNTIME_VERSION__ ? needed : null;
}

/**
 * The runtime refuses a strict singleton (our @loyalty/shared) whose version the remote cannot use, or the
 * shell refuses a remote built for another federation runtime core (RuntimeMismatchError).
 */
export function isIncompatibleVersion(error: unknown): boolean {
  if (error instanceof RuntimeMismatchError || (error instanceof Error && error.cause instanceof RuntimeMismatchError)) return true;
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error ?? '');
  return /does not satisfy the requirement|RuntimeMismatchError/.test(text);
}
