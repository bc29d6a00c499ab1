/**
 * Federation-level resilience for the shell: manifest fetches are retried (transient network failures),
 * a remote built for another federation runtime core than the one the shell provides is refused before
 * its remoteEntry.js runs, and a remote that still cannot be loaded resolves to a marked fallback module
 * instead of throwing inside the runtime, so the area shows its Italian message and 'Riprova' while the
 * rest keeps working.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FALLBACK, RuntimeMismatchError, recordLoadError } from './fallback';

const RETRIES = 2;
const BACKOFF_MS = 300;

async function fetchWithRetry(url: string, init?: RequestInit): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      const res = await fetch(url, { ...init, cache: 'no-store' });
      if (res.status < 500) return res;
      lastError = new Error(`HTTP ${res.status} da ${url}`);
    } catch (err) {
      lastError = err;
    }
    if (attempt < RETRIES) await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** attempt));
  }
  throw lastError;
}

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-shell-runtime',
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    loadRemoteSnapshot(args) {
      // Remotes read the runtime core from the shell (tools/src/federation-runtime.ts): their manifest says
      // which version they were built with; another one would fail inside remoteEntry.js on a changed API.
      const needed = (args.manifestJson?.metaData as { externalRuntime?: string } | undefined)?.externalRuntime;
      if (needed && needed !== __FEDERATION_RUNTIME_VERSION__) throw new RuntimeMismatchError(args.moduleInfo.name, needed, __FEDERATION_RUNTIME_VERSION__);
      return args;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} non caricato (${lifecycle}):`, error);
      recordLoadError(id, error);
      return REMOTE_FALLBACK;
    },
  };
}
