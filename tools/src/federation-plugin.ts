/**
 * Which release of Module Federation's webpack plugin (and so of the runtime it bundles) a build uses.
 *
 * Every build bundles its own federation runtime (MF's default; docs/decisions/029-remotes-bring-their-runtime.md),
 * so a remote need not be built with the shell's release. The delivery drill proves it: 'previous-patch' is
 * the root devDependency `mf-enhanced-previous` (npm alias of `@module-federation/enhanced@2.9.1`), whose own
 * runtime packages npm installs nested under it, so what it bundles is its 2.9.1 runtime, not our 2.9.2.
 */
import fs from 'node:fs';
import path from 'node:path';
import type webpack from 'webpack';

export type FederationPluginVersion = 'current' | 'previous-patch';

const PACKAGES: Record<FederationPluginVersion, string> = {
  current: '@module-federation/enhanced',
  'previous-patch': 'mf-enhanced-previous',
};

type PluginClass = new (options: object) => webpack.WebpackPluginInstance;

export function federationPluginFor(version: FederationPluginVersion = 'current'): PluginClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`${PACKAGES[version]}/webpack`) as { ModuleFederationPlugin: PluginClass }).ModuleFederationPlugin;
}

/** The package.json of `name` as resolved from `fromFile` (export maps hide package.json: walk up). */
function packageJsonOf(name: string, fromFile: string): { name: string; version: string } {
  let dir = path.dirname(require.resolve(name, { paths: [path.dirname(fromFile)] }));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
      if (pkg.name === name) return pkg;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${name} not found`);
    dir = parent;
  }
}

/**
 * The version of the runtime core a build with `version` bundles: runtime-core as the plugin's own runtime
 * resolves it (enhanced -> runtime-tools -> runtime -> runtime-core), i.e. what ends up in remoteEntry.js.
 */
export function bundledRuntimeVersion(version: FederationPluginVersion = 'current'): string {
  let from = require.resolve(`${PACKAGES[version]}/webpack`);
  for (const name of ['@module-federation/runtime-tools', '@module-federation/runtime', '@module-federation/runtime-core']) {
    from = require.resolve(name, { paths: [path.dirname(from)] });
  }
  return packageJsonOf('@module-federation/runtime-core', from).version;
}
