/**
 * Runtime plugin every remote bundles (tools/src/federation.ts): a shared library is downloaded from the asking
 * remote's own origin unless the page has it already; never from another remote's origin.
 *
 * Why: with `loaded-first`, the page's share scope keeps, for each library and version, the copy of whichever
 * container registered it first, and the first container that needs it downloads that copy, from the
 * registrant's origin. A remote the shell has already given up on (its script arrived after the shell's load
 * timeout, or its origin answers slowly) still registers its libraries when its script finally runs: the next
 * remote that needed a form library then waited on the broken origin and failed with it ('Riprova' in a healthy
 * area). Now:
 * - a copy already loaded (the shell's React, store and @loyalty/shared, which the shell loads before any
 *   remote; a form library a first remote has loaded) is the one every remote uses, as before;
 * - a copy registered but not yet downloaded is downloaded from the asking remote's origin, and then it is the
 *   page's copy for the remotes after it (one download, one instance);
 * - a copy another remote is downloading at that moment is not waited for: the asking remote loads its own
 *   (two instances of a library, which costs bytes, never an outage).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

interface ShareEntry {
  version?: string;
  from?: string;
  loaded?: boolean;
  loading?: unknown;
  lib?: unknown;
  get?: unknown;
}

export default function ownCopyFirst(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-own-copy-first',
    resolveShare(args) {
      const chooseDefault = args.resolver;
      const own = args.shareInfo as ShareEntry;
      args.resolver = () => {
        // The runtime's choice first: it also refuses a singleton of an incompatible version (@loyalty/shared).
        const chosen = chooseDefault();
        if (!chosen) return chosen;
        const entry = chosen.shared as ShareEntry;
        if (entry.loaded || typeof entry.lib === 'function') return chosen;
        if (!entry.loading) {
          if (entry.from === own.from) return chosen;
          // Registered by another container, not downloaded yet: the same version, from this remote's origin.
          if (entry.version === own.version && typeof own.get === 'function') {
            entry.get = own.get;
            return chosen;
          }
        }
        return { shared: args.shareInfo, useTreesShaking: false };
      };
      return args;
    },
  };
}
