/**
 * federation-runtime.<hash>.js on a remote's standalone page (built apart by tools/src/federation-runtime.ts,
 * loaded before main.js): the remote's own bundles read the federation runtime core from the page
 * (external-runtime-core.cjs), and on its own origin nobody else provides it. Same global and the same
 * "from" record as Module Federation's inject-external-runtime-core-plugin, which the shell uses.
 */
import * as core from '@module-federation/runtime-core';

if (!globalThis._FEDERATION_RUNTIME_CORE) {
  globalThis._FEDERATION_RUNTIME_CORE = core;
  globalThis._FEDERATION_RUNTIME_CORE_FROM = { name: 'standalone', version: __FEDERATION_RUNTIME_VERSION__ };
}
