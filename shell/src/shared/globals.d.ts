declare const __APP_NAME__: string;
declare const __BUILD_VERSION__: string;
declare const __FEDERATION_RUNTIME_CORE__: string;
