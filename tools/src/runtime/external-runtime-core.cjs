/* global module, __FEDERATION_RUNTIME_VERSION__, __APP_NAME__ */
/**
 * What a remote gets when its federation runtime asks for `@module-federation/runtime-core` (the config
 * factory aliases that exact request here): the copy the page already runs, published on
 * `_FEDERATION_RUNTIME_CORE` by the shell (`experiments.provideExternalRuntime`) or, on the remote's own
 * standalone page, by federation-runtime.<hash>.js (provide-runtime-core.mjs). So remoteEntry.js does not
 * carry a second copy. The rest of the runtime in remoteEntry.js was built against one exact version of
 * the core: anything else is refused here with a message that says what to rebuild, instead of failing
 * later on a missing method.
 */
const core = globalThis._FEDERATION_RUNTIME_CORE;
const from = globalThis._FEDERATION_RUNTIME_CORE_FROM;
if (!core) {
  throw new Error(
    `[${__APP_NAME__}] Module Federation runtime ${__FEDERATION_RUNTIME_VERSION__} non fornito dalla pagina: ` +
      `un host deve pubblicare _FEDERATION_RUNTIME_CORE (shell con experiments.provideExternalRuntime, ` +
      `o federation-runtime.*.js prima di main.js nella pagina standalone).`,
  );
}
if (!from || from.version !== __FEDERATION_RUNTIME_VERSION__) {
  throw new Error(
    `[${__APP_NAME__}] Module Federation runtime incompatibile: questo remote è costruito con ` +
      `${__FEDERATION_RUNTIME_VERSION__}, la pagina fornisce ${from ? `${from.version} (${from.name})` : 'una versione sconosciuta'}. ` +
      `Ricostruire il remote con la versione dell'host.`,
  );
}
module.exports = core;
