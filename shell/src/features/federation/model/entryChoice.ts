/**
 * Which of a remote's two container entries the shell loads (docs/decisions/112-slim-entry-when-the-runtime-matches.md).
 *
 * A remote's manifest may advertise `metaData.slimEntry`: the same container without Module Federation's runtime
 * core, compiled against the core version it names, which it takes from the page (the shell provides its own as
 * `globalThis._FEDERATION_RUNTIME_CORE`, MF's `provideExternalRuntime`). The shell takes it only when that version
 * is exactly the one it bundles and its core is on the page; otherwise — another release, an older remote without
 * the field, a dev build — it loads `remoteEntry.js`, which carries its own runtime (decision 029).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A remote's manifest as the runtime hands it to the `loadRemoteSnapshot` hook. */
type Manifest = NonNullable<Parameters<NonNullable<ModuleFederationRuntimePlugin['loadRemoteSnapshot']>>[0]['manifestJson']>;

export interface SlimEntryInfo {
  name: string;
  runtimeCore: string;
}

function slimEntryOf(manifest: Manifest | undefined): SlimEntryInfo | null {
  const slim = (manifest?.metaData as { slimEntry?: unknown } | undefined)?.slimEntry as Partial<SlimEntryInfo> | undefined;
  return slim && typeof slim.name === 'string' && typeof slim.runtimeCore === 'string' && /^[\w.-]+\.js$/.test(slim.name) ? { name: slim.name, runtimeCore: slim.runtimeCore } : null;
}

/**
 * The entry (path as in the runtime's snapshot) to load: `snapshotEntry` with its file name swapped for the slim
 * entry's when the manifest offers one made for `shellRuntimeCore` and `coreProvided` holds; else `snapshotEntry`.
 */
export function chooseRemoteEntry(snapshotEntry: string, manifest: Manifest | undefined, shellRuntimeCore: string, coreProvided: boolean): string {
  const slim = slimEntryOf(manifest);
  const fullName = manifest?.metaData.remoteEntry.name;
  if (!slim || !coreProvided || slim.runtimeCore !== shellRuntimeCore || !fullName || !snapshotEntry.endsWith(fullName)) return snapshotEntry;
  return snapshotEntry.slice(0, snapshotEntry.length - fullName.length) + slim.name;
}

/** Whether the shell's runtime core is where a slim entry takes it from (set by MF's inject-external-runtime-core plugin at init). */
export function runtimeCoreProvided(): boolean {
  return typeof (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE === 'object';
}
