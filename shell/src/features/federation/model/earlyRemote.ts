/**
 * The first page's remote, started by the entry before the async boundary
 * (docs/decisions/018-startup-preload.md, amended by 029).
 *
 * Without it, the remote that renders the page being opened (the landing's legal page, the cards
 * overview…) is asked for only once the shared chunks have arrived and the bootstrap runs: its manifest,
 * then its remoteEntry.js, then its page chunks, one after the other, each a round trip to another origin.
 * Here the entry registers the remotes as soon as the run-time config is in and asks Module Federation's own
 * `preloadRemote` for the page's module: the runtime fetches the manifest (through the shell's runtime plugin,
 * so with its retries), loads remoteEntry.js and adds preload hints for the module's sync chunks — all while
 * the shared chunks are still downloading. The route's later `loadRemote` finds the manifest, the entry and
 * the chunks already there: nothing is fetched twice.
 *
 * This module runs before the singletons are negotiated: no `@loyalty/shared` values, types only. The
 * federation runtime itself is ready: webpack runs it before the entry's first module.
 */
import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@loyalty/shared';
import { firstPageModuleFor } from '../../../shared/routeModules';
import { hasStoredToken } from '../../../shared/storedSession';
import { applyOverrides } from './overrides';

export interface EarlyRemoteOptions {
  /** A copy of the run-time config response (the bootstrap reads the original). */
  config: Promise<Response>;
  location: { pathname: string; search: string };
  /** Read inside: a browser that blocks storage throws on access, and then nothing is started here. */
  storage: () => Storage;
  /** The runtime's API (tests pass their own). */
  runtime?: { registerRemotes: typeof registerRemotes; preloadRemote: typeof preloadRemote };
}

/**
 * Starts the first page's remote. Resolves once the runtime has it under way or there is nothing to do;
 * never rejects: a failure here is met again, and reported, by the route's own load.
 */
export async function startFirstPageRemote(options: EarlyRemoteOptions): Promise<void> {
  options.config.catch(() => {}); // a failed config request is reported by the bootstrap
  const runtime = options.runtime ?? { registerRemotes, preloadRemote };
  try {
    const target = firstPageModuleFor(options.location.pathname, hasStoredToken(options.storage));
    if (!target) return;
    const response = await options.config;
    if (!response.ok) return;
    const config = (await response.json()) as { remotes?: Record<RemoteName, string> } | null;
    if (!config?.remotes || typeof config.remotes !== 'object') return;
    const remotes = applyOverrides(config.remotes, options.location.search, options.storage());
    if (typeof remotes[target.remote] !== 'string' || !remotes[target.remote]) return;
    // The same list the bootstrap registers (initRemotes): whichever runs first registers, the other is a no-op.
    runtime.registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
    await runtime.preloadRemote([{ nameOrAlias: target.remote, exposes: [target.module], resourceCategory: 'sync' }]);
  } catch {
    // Bad config or manifest: the bootstrap and the runtime report it in Italian.
  }
}
