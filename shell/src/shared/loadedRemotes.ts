/** Which remotes this page has loaded and their build versions, for the sidebar's version footer. */
import { useSyncExternalStore } from 'react';
import type { RemoteMeta } from '@loyalty/shared';

let loaded: readonly RemoteMeta[] = [];
const listeners = new Set<() => void>();

export function recordLoadedRemote(meta: RemoteMeta): void {
  if (loaded.some((m) => m.name === meta.name && m.version === meta.version)) return;
  // The names are the apps' ASCII names: compared as code units, not with localeCompare, whose first call builds
  // ICU's collator on the main thread of every page (about 55 ms on a phone, decision 096).
  loaded = [...loaded.filter((m) => m.name !== meta.name), meta].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadedRemotes(): readonly RemoteMeta[] {
  // The same list on the server: the frame rendered at build time lists no remote (none loaded yet).
  return useSyncExternalStore(subscribe, () => loaded, () => loaded);
}
