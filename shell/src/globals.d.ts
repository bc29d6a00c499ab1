declare const __APP_NAME__: string;
declare const __BUILD_VERSION__: string;
/** The Module Federation runtime core version this build provides (tools/src/federation-runtime.ts). */
declare const __FEDERATION_RUNTIME_VERSION__: string;
