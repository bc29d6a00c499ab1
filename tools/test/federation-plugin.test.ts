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
