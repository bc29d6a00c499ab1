import vm from 'node:vm';
import type webpack from 'webpack';
import { createAppConfig } from '../src/federation';
import { EXTERNAL_RUNTIME_CORE, FEDERATION_RUNTIME_VERSION, PROVIDE_RUNTIME_PLUGIN, StandaloneFederationRuntimePlugin, providerSource } from '../src/federation-runtime';

interface FederationOptions {
  runtimePlugins: string[];
  experiments?: Record<string, unknown>;
}

function federationOptions(config: webpack.Configuration): FederationOptions {
  const plugin = config.plugins?.find((p) => (p as { name?: string } | undefined)?.name === 'ModuleFederationPlugin');
  return (plugin as unknown as { _options: FederationOptions })._options;
}

const alias = (config: webpack.Configuration) => (config.resolve?.alias ?? {}) as Record<string, string>;
const landing = createAppConfig({ name: 'landing', title: 'Landing', exposes: { './LoginPage': './src/exposed/LoginPage.tsx' } })({ mode: 'production' });
const shell = createAppConfig({ name: 'shell', title: 'Shell', runtimePlugins: ['./src/federation/runtimePlugin.ts'] })({ mode: 'production' });

describe('one federation runtime per page: the config factory', () => {
  it('points a remote\'s runtime core at the page\'s copy and gives its standalone page its own', () => {
    expect(alias(landing)['@module-federation/runtime-core$']).toBe(EXTERNAL_RUNTIME_CORE);
    expect(landing.plugins?.some((p) => p instanceof StandaloneFederationRuntimePlugin)).toBe(true);
    expect(federationOptions(landing).runtimePlugins).not.toContain(PROVIDE_RUNTIME_PLUGIN);
  });

  it('makes the shell publish the core it runs, by the ES module build of the provider plugin', () => {
    expect(alias(shell)['@module-federation/runtime-core$']).toBeUndefined();
    expect(shell.plugins?.some((p) => p instanceof StandaloneFederationRuntimePlugin)).toBe(false);
    expect(federationOptions(shell).runtimePlugins).toContain(PROVIDE_RUNTIME_PLUGIN);
    // experiments.provideExternalRuntime would add the CommonJS build: a second copy of the core in main.js.
    expect(PROVIDE_RUNTIME_PLUGIN).toMatch(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.js$/);
    expect(federationOptions(shell).experiments?.provideExternalRuntime).toBeUndefined();
  });
});

describe('what a remote reads as its runtime core (external-runtime-core.cjs)', () => {
  const g = globalThis as Record<string, unknown>;
  beforeEach(() => {
    g.__APP_NAME__ = 'landing';
    g.__FEDERATION_RUNTIME_VERSION__ = '2.9.2';
  });
  afterEach(() => {
    for (const key of ['__APP_NAME__', '__FEDERATION_RUNTIME_VERSION__', '_FEDERATION_RUNTIME_CORE', '_FEDERATION_RUNTIME_CORE_FROM']) delete g[key];
  });
  const load = () => {
    let core: unknown;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      core = require(EXTERNAL_RUNTIME_CORE);
    });
    return core;
  };

  it('is the core the page provides, when its version is the one the remote was built with', () => {
    const core = { ModuleFederation: class {} };
    g._FEDERATION_RUNTIME_CORE = core;
    g._FEDERATION_RUNTIME_CORE_FROM = { name: 'shell', version: '2.9.2' };
    expect(load()).toBe(core);
  });

  it('refuses to start without a provided core, or with another version, and says what to do', () => {
    expect(load).toThrow(/\[landing\] Module Federation runtime 2\.9\.2 non fornito dalla pagina/);
    g._FEDERATION_RUNTIME_CORE = {};
    g._FEDERATION_RUNTIME_CORE_FROM = { name: 'shell', version: '2.10.0' };
    expect(load).toThrow(/costruito con 2\.9\.2, la pagina fornisce 2\.10\.0 \(shell\)/);
  });
});

describe('the standalone provider (federation-runtime.<hash>.js)', () => {
  it('publishes a working core and its version before main.js runs', async () => {
    const code = await providerSource('production');
    const page: Record<string, unknown> = {};
    page.globalThis = page;
    page.self = page;
    vm.runInNewContext(code, page);
    const core = page._FEDERATION_RUNTIME_CORE as Record<string, unknown>;
    expect(typeof core.ModuleFederation).toBe('function');
    expect(typeof core.getRemoteEntry).toBe('function');
    expect(page._FEDERATION_RUNTIME_CORE_FROM).toEqual({ name: 'standalone', version: FEDERATION_RUNTIME_VERSION });
  }, 120_000);
});
