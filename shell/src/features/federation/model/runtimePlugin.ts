/**
 * Federation-level resilience for the shell: manifest fetches are retried (transient network failures),
 * and a remote that still cannot be loaded resolves to a marked fallback module instead of throwing inside
 * the runtime, so the area shows its Italian message and 'Riprova' while the rest keeps working. A remote's module is
 * evaluated in a task after the one that loaded it. A remote's slim entry is loaded when it was made for the shell's
 * runtime core (entryChoice.ts, decision 112).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { chooseRemoteEntry, runtimeCoreProvided } from './entryChoice';
import { REMOTE_FALLBACK, recordLoadError } from './fallback';
import { fetchWithRetry } from './fetchWithRetry';
import { nextTask } from '../../../shared/inTasks';

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-shell-runtime',
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    // The remote's container without its own runtime core, when it was compiled against ours (decision 112).
    loadRemoteSnapshot(args) {
      const { remoteSnapshot, manifestJson } = args;
      if (!manifestJson || !('remoteEntry' in remoteSnapshot)) return args;
      const remoteEntry = chooseRemoteEntry(remoteSnapshot.remoteEntry, manifestJson, __FEDERATION_RUNTIME_CORE__, runtimeCoreProvided());
      return remoteEntry === remoteSnapshot.remoteEntry ? args : { ...args, remoteSnapshot: { ...remoteSnapshot, remoteEntry } };
    },
    // A remote's module is evaluated in a task of its own, not at the end of the one that ran its entry and took its
    // chunks in (decision 106): on a phone at 4× CPU that was one task of 80–130 ms.
    async beforeExecuteFactory() {
      await nextTask();
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} non caricato (${lifecycle}):`, error);
      recordLoadError(id, error);
      return REMOTE_FALLBACK;
    },
  };
}
