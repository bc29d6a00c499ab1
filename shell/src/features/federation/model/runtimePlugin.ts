/**
 * Federation-level resilience for the shell: manifest fetches are retried (transient network failures),
 * and a remote that still cannot be loaded resolves to a marked fallback module instead of throwing inside
 * the runtime, so the area shows its Italian message and 'Riprova' while the rest keeps working.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FALLBACK, recordLoadError } from './fallback';
import { fetchWithRetry } from './fetchWithRetry';

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-shell-runtime',
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} non caricato (${lifecycle}):`, error);
      recordLoadError(id, error);
      return REMOTE_FALLBACK;
    },
  };
}
