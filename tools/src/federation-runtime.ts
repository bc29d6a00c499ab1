/**
 * One Module Federation runtime per page (docs/decisions/015-one-federation-runtime.md).
 *
 * The shell publishes its runtime core on `_FEDERATION_RUNTIME_CORE` (Module Federation's
 * inject-external-runtime-core-plugin, what `experiments.provideExternalRuntime` adds; see PROVIDE_RUNTIME_PLUGIN);
 * remotes do not bundle the core: their `@module-federation/runtime-core` request is aliased to
 * runtime/external-runtime-core.cjs, which reads that global and refuses a version other than the one the
 * remote was built with. A remote's standalone page (its own index.html + main.js, what customers reach for
 * signup) has no shell, so each remote build also emits `federation-runtime.<hash>.js` — the core alone,
 * compiled once per process outside the app's compilation (an entry inside it would be externalised and
 * federated like every other one) — and its HTML loads that file before main.js.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';

function packageVersion(name: string): string {
  // The packages' export maps hide package.json: walk up from the resolved entry.
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${name} not found`);
    dir = parent;
  }
}

/**
 * The version of the runtime core every build provides or expects. The shell's provider plugin, the core and
 * the part of the runtime each remote still bundles are released together; a mixed install would make the
 * shell announce one version while providing another, so it stops the build here.
 */
export const FEDERATION_RUNTIME_VERSION = ((): string => {
  const names = [
    '@module-federation/runtime-core',
    '@module-federation/runtime',
    '@module-federation/webpack-bundler-runtime',
    '@module-federation/inject-external-runtime-core-plugin',
  ];
  const versions = names.map(packageVersion);
  if (new Set(versions).size !== 1) {
    throw new Error(`Module Federation runtime packages of different versions: ${names.map((n, i) => `${n}@${versions[i]}`).join(', ')}`);
  }
  return versions[0];
})();

/**
 * The shell's runtime plugin that publishes its core on `_FEDERATION_RUNTIME_CORE`: Module Federation's own
 * inject-external-runtime-core-plugin, by its ES module build. `experiments.provideExternalRuntime` adds it
 * with `require.resolve`, i.e. the CommonJS build, which pulls a second, CommonJS copy of the core into the
 * shell (main.js 29 -> 53 KB compressed) and publishes that copy instead of the one the shell runs.
 */
export const PROVIDE_RUNTIME_PLUGIN = path.join(path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')), 'index.js');

/** Where a remote's `@module-federation/runtime-core` request goes (alias `@module-federation/runtime-core$`). */
export const EXTERNAL_RUNTIME_CORE = path.join(__dirname, 'runtime', 'external-runtime-core.cjs');

/** Recorded in a remote's mf-manifest.json (metaData): the core version it needs from its host. */
export const MANIFEST_RUNTIME_KEY = 'externalRuntime';

const PLUGIN = 'StandaloneFederationRuntimePlugin';

const providerBuilds = new Map<string, Promise<string>>();

/** The standalone provider's code, compiled at most once per process and mode (all remotes share it). */
export function providerSource(mode: 'production' | 'development'): Promise<string> {
  let pending = providerBuilds.get(mode);
  if (!pending) {
    pending = compileProvider(mode);
    providerBuilds.set(mode, pending);
  }
  return pending;
}

function compileProvider(mode: 'production' | 'development'): Promise<string> {
  const compiler = webpack({
    name: 'federation-runtime',
    mode,
    context: path.join(__dirname, 'runtime'),
    entry: './provide-runtime-core.mjs',
    target: 'web',
    devtool: false,
    output: { path: path.join(__dirname, 'runtime', '.never-written'), filename: 'federation-runtime.js' },
    plugins: [new webpack.DefinePlugin({ __FEDERATION_RUNTIME_VERSION__: JSON.stringify(FEDERATION_RUNTIME_VERSION) })],
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  });
  // The code goes into each remote's own output; nothing is written from here.
  compiler.hooks.shouldEmit.tap(PLUGIN, () => false);
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err) return reject(err);
      if (!stats || stats.hasErrors()) return reject(new Error(stats?.toString({ all: false, errors: true }) ?? 'no stats'));
      const asset = stats.compilation.getAsset('federation-runtime.js');
      if (!asset) return reject(new Error('federation-runtime.js not produced'));
      resolve(asset.source.source().toString());
    });
  });
}

/** Remote builds: emits federation-runtime.<hash>.js and puts it before main.js in the standalone HTML. */
export class StandaloneFederationRuntimePlugin {
  apply(compiler: webpack.Compiler): void {
    const mode = compiler.options.mode === 'development' ? 'development' : 'production';
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // Start the provider's compile now, alongside the app's modules; processAssets awaits it (and reports a failure).
      providerSource(mode).catch(() => undefined);
      let file: string | undefined;
      compilation.hooks.processAssets.tapPromise({ name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        const source = await providerSource(mode);
        file = `federation-runtime.${crypto.createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
        compilation.emitAsset(file, new webpack.sources.RawSource(source), { immutable: true, minimized: mode === 'production' });
      });
      HtmlWebpackPlugin.getHooks(compilation).beforeAssetTagGeneration.tap(PLUGIN, (data) => {
        // Deferred scripts run in document order: the core is on the page before main.js starts.
        if (file) data.assets.js.unshift(data.assets.publicPath + file);
        return data;
      });
    });
  }
}

/**
 * A remote's `manifest` option: Module Federation's own hook records in mf-manifest.json (metaData) which
 * core version the remote expects, while it writes the manifest, so every later step (its brotli copy
 * included) sees the final file. The shell checks it before loading remoteEntry.js
 * (shell/src/federation/runtimePlugin.ts).
 */
export const REMOTE_MANIFEST_OPTIONS = {
  additionalData({ stats }: { stats: { metaData: object } }) {
    Object.assign(stats.metaData, { [MANIFEST_RUNTIME_KEY]: FEDERATION_RUNTIME_VERSION });
  },
};
