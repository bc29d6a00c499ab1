/**
 * Federation-level resilience for the shell: manifest fetches are retried (transient network failures),
 * a remote built for another federation runtime core than the one the shell provides is refused before
 * its remoteEntry.js runs, and a remote that still cannot be loaded resolves to a marked fallback module
 * instead of throwing inside the runtime, so the area shows its Italian message and 'Riprova' while the
 * rest keeps working.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyManifest } from './earlyRemote';
import { REMOTE_FALLBACK, RuntimeMismatchError, otherRuntimeNeeded, recordLoadError } from './fallback';
import { fetchWithRetry } from './fetchWithRetry';

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-shell-runtime',
    fetch(url, init) {
      // The first page's manifest may already be on its way, requested by the entry (earlyRemote.ts).
      return takeEarlyManifest(url) ?? fetchWithRetry(url, init);
    },
    loadRemoteSnapshot(args) {
      // Remotes read the runtime core from the shell (tools/src/federation-runtime.ts): their manifest says
      // which version they were built with; another one would fail inside remoteEntry.js on a changed API.
      const needed = otherRuntimeNeeded(args.manifestJson?.metaData);
      if (needed) throw new RuntimeMismatchError(args.moduleInfo.name, needed, __FEDERATION_RUNTIME_VERSION__);
      return args;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} non caricato (${lifecycle}):`, error);
      recordLoadError(id, error);
      return REMOTE_FALLBACK;
    },
  };
}
