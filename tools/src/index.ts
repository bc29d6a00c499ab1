export { createAppConfig, SINGLETONS, SHARED_LIBRARIES, type AppConfigOptions, type BuildEnv } from './federation';
export { APPS, REMOTE_APPS, type AppName, type RemoteAppName } from './apps';
export { buildApps } from './build';
export { startComposition, type Composition } from './composition';
export { runtimeConfigFromEnv, writeRuntimeConfig, readRuntimeConfig, type RuntimeConfigFile } from './runtime-config';
export { buildVariants } from './build';
export { appByName } from './apps';
export { type SharedOverrides } from './federation';
export { bundledRuntimeVersion, type FederationPluginVersion } from './federation-plugin';
