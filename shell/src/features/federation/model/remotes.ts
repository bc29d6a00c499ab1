/**
 * Registers the remotes named in /runtime-config.json with the federation runtime and loads their
 * exposed route modules on demand. Nothing here fetches a remote until a route asks for it (or, for the
 * page being opened, the bootstrap asks ahead of the route: prepareRemoteRoute in RemoteRoute.tsx).
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteMeta, RemoteName, RemoteRouteModule } from '@loyalty/shared';
import { isIncompatibleVersion, isRemoteFallback, takeLoadError } from './fallback';
import { recordLoadedRemote } from '../../../shared/loadedRemotes';

let entries: Record<RemoteName, string> | null = null;

function toRemotes(map: Record<RemoteName, string>) {
  return Object.entries(map).map(([name, entry]) => ({ name, entry }));
}

export function initRemotes(remotes: Record<RemoteName, string>): void {
  entries = remotes;
  registerRemotes(toRemotes(remotes));
}

/** Forgets a failed remote so the next load fetches its manifest and entry again ('Riprova'). */
export function resetRemote(name: RemoteName): void {
  if (!entries) return;
  registerRemotes([{ name, entry: entries[name] }], { force: true });
}

export class RemoteUnavailableError extends Error {
  readonly incompatible: boolean;

  constructor(readonly remote: RemoteName, cause?: unknown) {
    super(`Il modulo "${remote}" non è disponibile`);
    this.name = 'RemoteUnavailableError';
    this.incompatible = isIncompatibleVersion(cause);
    if (cause) this.cause = cause;
  }
}

/** A remote that has not answered by then is reported unavailable ('Riprova'); a phone on a bad network still gets a say. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

function withTimeout<T>(promise: Promise<T>, ms: number, remote: RemoteName): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${remote}: nessuna risposta entro ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Loads a route's module through the federation runtime; the first page's is started early by prepareRemoteRoute (RemoteRoute.tsx). */
export async function loadRemoteRoute(remote: RemoteName, exposed: string, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<RemoteRouteModule> {
  let mod: RemoteRouteModule | null;
  try {
    mod = await withTimeout(loadRemote<RemoteRouteModule>(`${remote}/${exposed.replace(/^\.\//, '')}`), timeoutMs, remote);
  } catch (err) {
    throw new RemoteUnavailableError(remote, err);
  }
  if (!mod || isRemoteFallback(mod) || typeof mod.default !== 'function') throw new RemoteUnavailableError(remote, takeLoadError(remote));
  const meta: RemoteMeta = mod.remoteMeta ?? { name: remote, version: 'sconosciuta' };
  recordLoadedRemote(meta);
  return mod;
}
