import type webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createAppConfig } from '../src/federation';
import { bundledRuntimeVersion, federationPluginFor } from '../src/federation-plugin';

const federation = (config: webpack.Configuration) =>
  config.plugins?.find((p) => (p as { name?: string } | undefined)?.name === 'ModuleFederationPlugin') as unknown as { _options: { experiments?: { optimization?: object } } };

const cards = createAppConfig({ name: 'cards', title: 'Cards', exposes: { './Overview': './src/exposed/Overview.tsx' } });
const shell = createAppConfig({ name: 'shell', title: 'Shell', runtimePlugins: ['./src/features/federation/model/runtimePlugin.ts'] });

describe('which Module Federation release a build bundles (decision 029)', () => {
  it('the previous patch is another patch of the same minor, installed apart from ours', () => {
    const ours = bundledRuntimeVersion();
    const previous = bundledRuntimeVersion('previous-patch');
    expect(previous).not.toBe(ours);
    expect(previous.split('.').slice(0, 2)).toEqual(ours.split('.').slice(0, 2));
    expect(federationPluginFor('previous-patch')).not.toBe(federationPluginFor());
    expect(federationPluginFor()).toBe(ModuleFederationPlugin);
  });

  it('a remote can be built with it; the shell always uses ours', () => {
    expect(federation(cards({ mode: 'production', federationPlugin: 'previous-patch' }))).toBeInstanceOf(federationPluginFor('previous-patch'));
    expect(federation(cards({ mode: 'production' }))).toBeInstanceOf(ModuleFederationPlugin);
    expect(federation(shell({ mode: 'production', federationPlugin: 'previous-patch' }))).toBeInstanceOf(ModuleFederationPlugin);
  });

  it('trims the runtime each build bundles with MF\'s own options: no Node code, and no remote loading in remotes', () => {
    expect(federation(cards({ mode: 'production' }))._options.experiments?.optimization).toEqual({ target: 'web', disableRemote: true });
    expect(federation(shell({ mode: 'production' }))._options.experiments?.optimization).toEqual({ target: 'web' });
  });
});

describe('what every build bundles and what a drill variant leaves out', () => {
  const runtimePlugins = (config: webpack.Configuration) => (federation(config) as unknown as { _options: { runtimePlugins: string[] } })._options.runtimePlugins;

  it('every remote, not the shell, takes a shared library from its own origin unless the page has it (decision 067)', () => {
    expect(runtimePlugins(cards({ mode: 'production' }))).toEqual([expect.stringMatching(/tools\/src\/own-copy-first\.ts$/)]);
    expect(runtimePlugins(cards({ mode: 'production', federationPlugin: 'previous-patch' }))).toEqual([expect.stringMatching(/own-copy-first\.ts$/)]);
    expect(runtimePlugins(shell({ mode: 'production' }))).toEqual([
      // The shell publishes its runtime core for the remotes' slim entries (decision 112), in MF's ES module build.
      expect.stringMatching(/inject-external-runtime-core-plugin\/dist\/index\.js$/),
      expect.stringMatching(/shell\/src\/features\/federation\/model\/runtimePlugin\.ts$/),
    ]);
    // Not the monolith, which loads no remote.
    expect(runtimePlugins(shell({ mode: 'production', monolith: true }))).toEqual([expect.stringMatching(/runtimePlugin\.ts$/)]);
  });

  it('a remote\'s slim entry is the same build without the runtime core (decision 112)', () => {
    const slim = federation(cards({ mode: 'production', slimCompanion: true }))._options as { filename: string; experiments: object };
    expect(slim.filename).toBe('remoteEntry.slim.js');
    expect(slim.experiments).toEqual({ optimization: { target: 'web', disableRemote: true }, externalRuntime: true });
    const full = federation(cards({ mode: 'production' }))._options as { filename: string; experiments: object };
    expect(full.filename).toBe('remoteEntry.js');
    expect(full.experiments).not.toHaveProperty('externalRuntime');
  });

  it('a lean production build (the delivery drills\' variants) skips minification, source maps and the Brotli copies', () => {
    const full = cards({ mode: 'production' });
    const lean = cards({ mode: 'production', lean: true });
    const compression = (config: webpack.Configuration) => config.plugins?.some((p) => p?.constructor.name === 'CompressionPlugin');
    expect([full.optimization?.minimize, full.devtool, compression(full)]).toEqual([true, 'source-map', true]);
    expect([lean.optimization?.minimize, lean.devtool, compression(lean)]).toEqual([false, false, false]);
    expect(lean.mode).toBe('production');
  });
});
