/**
 * The one webpack + Module Federation config factory every frontend uses.
 * Singletons are listed here once; apps only say who they are and what they expose.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import zlib from 'node:zlib';
import { REPO_ROOT, appByName, type AppName } from './apps';
import { MONOLITH_RUNTIME_REQUEST, writeMonolithRuntime } from './monolith';
import { RUNTIME_CONFIG_ROUTE } from './runtime-config';
import { StartupPreloadPlugin } from './startup-preload';
import { bundledRuntimeVersion, federationPluginFor, type FederationPluginVersion } from './federation-plugin';
import { FULL_ENTRY, SLIM_ENTRY } from './slim-entry';
import { appPageTemplate, LANDING_TEMPLATE } from './html-template';

/**
 * One instance for the whole page, whichever build loads first provides it. The router and the store's libraries
 * (`@reduxjs/toolkit`, `react-redux`) are not listed: they live inside @loyalty/shared, tree-shaken
 * (docs/decisions/016-router-inside-shared.md, 109-store-libraries-inside-shared.md).
 */
export const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'styled-components',
  '@loyalty/shared',
] as const;

/** Heavy libraries several remotes use: shared (downloaded once), never eager, loaded only when needed. */
export const SHARED_LIBRARIES = ['recharts', 'qrcode'] as const;

/**
 * The forms' libraries (docs/decisions/034-forms-one-way.md): one instance each, never eager, fetched with
 * the first screen that has a form. `@loyalty/shared/forms` carries the form rules with the part of zod
 * they use (zod itself is not listed: a federated package is not tree-shaken, and zod whole is ~86 KB).
 * The resolvers are shared by prefix (`@hookform/resolvers/zod` imports `@hookform/resolvers`).
 */
export const FORM_SINGLETONS = ['react-hook-form', '@hookform/resolvers', '@hookform/resolvers/', '@loyalty/shared/forms'] as const;

/** What a production build also writes as `<file>.br` (text assets the browser downloads, not source maps). */
export const PRECOMPRESSED_ASSETS = /\.(js|json|html|css|svg)$/;

export interface AppConfigOptions {
  name: AppName;
  /** Exposed route modules, e.g. { './Overview': './src/exposed/Overview.tsx' }. */
  exposes?: Record<string, string>;
  /** Runtime plugins of the app's own (the shell's): module paths resolved from the app folder. */
  runtimePlugins?: string[];
  /**
   * HTML template: 'landing' for the pages that serve the public landing (its SEO must be in the HTML the
   * server sends, tools/templates/landing.html), else the same template without that head (html-template.ts).
   */
  htmlTemplate?: 'landing';
  /** Page title of the standalone HTML. */
  title: string;
}

/** Per-package overrides of what a build provides and requires (used to prove version-skew handling). */
export type SharedOverrides = Record<string, { version?: string; requiredVersion?: string }>;

/**
 * A remote built for another major of our own contract must be refused (clear message in the shell),
 * not run against an API it was not written for; third-party singletons only warn on a mismatch.
 */
const STRICT_SINGLETONS = new Set(['@loyalty/shared', '@loyalty/shared/forms']);

export interface BuildEnv {
  mode: 'production' | 'development';
  sharedOverrides?: SharedOverrides;
  /** Version shown in the sidebar footer; defaults to the package version. */
  buildVersion?: string;
  /** Output folder (absolute); defaults to <app>/dist. */
  outputPath?: string;
  /** Fault drill: every exposed module throws while rendering (see tools/src/fault/ThrowingRoute.tsx). */
  faultyRender?: boolean;
  /**
   * Shell only, benchmark only: bundle every remote's exposed modules into the shell instead of loading
   * them through federation (tools/src/monolith.ts), to measure what federation costs.
   */
  monolith?: boolean;
  /**
   * Remotes only, delivery drill only: build with the previous patch release of `@module-federation/*`
   * (tools/src/federation-plugin.ts), to prove a remote need not match the shell's runtime version.
   */
  federationPlugin?: FederationPluginVersion;
  /**
   * Delivery drills' variants only: a production build (hashed chunk names, production React) without what
   * costs most of its time and matters only for bytes — minification, source maps and the Brotli copies (the
   * static server compresses on the fly). The drills prove loading, delivery and containment, not sizes.
   */
  lean?: boolean;
  /**
   * What renders the browser builds (decision 108): Preact under React's names (default), or React itself —
   * `LOYALTY_RENDERER=react` in the environment, for the bench's side-by-side and to rule the renderer out of a bug.
   */
  renderer?: Renderer;
  /**
   * What draws the styles in the browser builds (decision 110): styled-components' API on goober (default), or
   * styled-components itself — `LOYALTY_STYLES=styled-components`, for the bench's side-by-side and the screenshots.
   */
  styles?: Styles;
  /**
   * What routes the browser builds (decision 111): React Router's API on wouter's browser location (default), or
   * React Router itself — `LOYALTY_ROUTER=react-router`, to compare.
   */
  router?: Router;
  /**
   * Remotes only: also publish `remoteEntry.slim.js`, the container without the federation runtime core, which a
   * shell with the same core loads instead (decision 112, tools/src/slim-entry.ts). Default: every remote build
   * but the drills' lean variants; a drill asks for it to prove the fallback.
   */
  slimEntry?: boolean;
  /** Internal (tools/src/build.ts): this compilation is the second one that makes the slim entry, into a folder of its own. */
  slimCompanion?: boolean;
}

export type Renderer = 'preact' | 'react';
export type Styles = 'goober' | 'styled-components';
export type Router = 'wouter' | 'react-router';

/**
 * Decision 108: in the browser, React's names resolve to `preact/compat` (Preact 11: `ref` as a prop, hooks,
 * `useSyncExternalStore`, `createPortal`, `startTransition` run at once). What the page downloads before a dashboard
 * screen is usable falls by ~50 KB compressed, the cards screen's largest paint under Lighthouse's phone by ~0.2 s.
 * The code, its types, the unit suites' renderer (Jest) and the build-time frames (Node) stay React's.
 */
export const PREACT_ALIASES: Record<string, string> = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};

/**
 * Decision 110: in the browser, `styled-components` resolves to its API drawn by goober (`goober-styled.ts`); shared
 * under its own name with styled-components' installed version. Jest, the build-time frames and the public pages'
 * markup (Node) keep styled-components.
 */
export const STYLED_ALIASES: Record<string, string> = {
  'styled-components$': path.join(__dirname, 'goober-styled.ts'),
};

/**
 * Which renderer a downloaded script carries, read from its code: react-dom's fibers (`__reactFiber$`), or Preact's
 * vnodes' children and hooks' state (`.__k`, `.__H`). The bench's page weight and the skeleton journey count them.
 */
export function rendererIn(code: string): 'react-dom' | 'preact' | null {
  if (code.includes('__reactFiber$')) return 'react-dom';
  return (code.match(/\.__k\b/g) ?? []).length >= 10 && code.includes('.__H') ? 'preact' : null;
}

/**
 * Decision 111: in the browser, `react-router` resolves to the part of its API the apps use, on wouter's browser
 * location (`wouter-router.ts`). Only `@loyalty/shared` imports it (decision 016), so nothing is shared under its name.
 * Jest (`MemoryRouter`), the build-time frames and the public pages' markup (Node) keep React Router.
 */
export const ROUTER_ALIASES: Record<string, string> = {
  'react-router$': path.join(__dirname, 'wouter-router.ts'),
};

/**
 * Which styles library a downloaded script carries, read from its code: styled-components' runtime (its
 * `data-styled-version` attribute) or goober's (its `_goober` style element). The skeleton journey counts them.
 */
export function stylesIn(code: string): Styles | null {
  if (code.includes('data-styled-version')) return 'styled-components';
  return code.includes('_goober') ? 'goober' : null;
}

/** The renderer a build uses: the env's choice, else `LOYALTY_RENDERER`, else Preact. */
export function rendererOf(env: Pick<BuildEnv, 'renderer'>): Renderer {
  return env.renderer ?? (process.env.LOYALTY_RENDERER === 'react' ? 'react' : 'preact');
}

/** What routes a build: the env's choice, else `LOYALTY_ROUTER`, else React Router's API on wouter (decision 111). */
export function routerOf(env: Pick<BuildEnv, 'router'>): Router {
  return env.router ?? (process.env.LOYALTY_ROUTER === 'react-router' ? 'react-router' : 'wouter');
}

/** What draws the styles of a build: the env's choice, else `LOYALTY_STYLES`, else goober (decision 110). */
export function stylesOf(env: Pick<BuildEnv, 'styles'>): Styles {
  return env.styles ?? (process.env.LOYALTY_STYLES === 'styled-components' ? 'styled-components' : 'goober');
}

/**
 * Under Preact, React's shared names provide React's installed version: compat stands for the React API the code
 * and the other builds' `requiredVersion` (^19) are written against, and one renderer per page still holds.
 */
function rendererOverrides(renderer: Renderer, versionOf: (name: string) => string | undefined): SharedOverrides {
  if (renderer === 'react') return {};
  return Object.fromEntries(['react', 'react/', 'react-dom', 'react-dom/'].map((key) => [key, { version: versionOf(key.replace(/\/$/, '')) }]));
}

/** Under goober, `styled-components` provides styled-components' installed version, as React's names do under Preact. */
function stylesOverrides(styles: Styles, versionOf: (name: string) => string | undefined): SharedOverrides {
  return styles === 'goober' ? { 'styled-components': { version: versionOf('styled-components') } } : {};
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export function readPackage(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** The version range an app declares for a package: its own dependency, else the root of the prefix form. */
function requiredVersionOf(pkg: PackageJson, key: string): string | undefined {
  const name = key.endsWith('/') ? key.slice(0, -1) : key;
  // A subpath entry of our own package (`@loyalty/shared/forms`) goes with the package's version.
  return pkg.dependencies?.[name.startsWith('@loyalty/shared/') ? '@loyalty/shared' : name];
}

interface SharedItemConfig {
  singleton?: boolean;
  strictVersion?: boolean;
  requiredVersion?: string | false;
  version?: string;
  eager?: boolean;
}

/**
 * The version of a package as installed for the app in `appDir`: what a prefix entry provides. Module Federation
 * reads a shared module's version from the package.json nearest to the file, and `@hookform/resolvers/zod` has
 * its own (`"version": "1.0.0"`, private): without this, every page with a form logged «Version 1.0.0 … does not
 * satisfy the requirement … ^7.0.7» although the one copy was the right one.
 */
export function installedVersion(appDir: string): (name: string) => string | undefined {
  return (name) => {
    try {
      return (JSON.parse(fs.readFileSync(createRequire(path.join(appDir, 'package.json')).resolve(`${name}/package.json`), 'utf8')) as { version?: string }).version;
    } catch {
      return undefined;
    }
  };
}

export function sharedConfig(pkg: PackageJson, overrides: SharedOverrides = {}, versionOf?: (name: string) => string | undefined): Record<string, SharedItemConfig> {
  const shared: Record<string, SharedItemConfig> = {};
  for (const key of SINGLETONS) {
    const requiredVersion = requiredVersionOf(pkg, key);
    if (!requiredVersion) continue;
    shared[key] = { singleton: true, requiredVersion, ...(STRICT_SINGLETONS.has(key) ? { strictVersion: true } : {}), ...overrides[key] };
  }
  for (const key of SHARED_LIBRARIES) {
    const requiredVersion = requiredVersionOf(pkg, key);
    if (!requiredVersion) continue;
    shared[key] = { requiredVersion };
  }
  for (const key of FORM_SINGLETONS) {
    const requiredVersion = requiredVersionOf(pkg, key);
    if (!requiredVersion || (key === '@loyalty/shared/forms' && !pkg.dependencies?.['react-hook-form'])) continue;
    // A prefix's subpaths provide the version of the package they belong to (see installedVersion).
    const version = key.endsWith('/') ? versionOf?.(key.slice(0, -1)) : undefined;
    shared[key] = { singleton: true, requiredVersion, ...(version ? { version } : {}), ...(STRICT_SINGLETONS.has(key) ? { strictVersion: true } : {}), ...overrides[key] };
  }
  return shared;
}

/** The version an app's build shows (its sidebar footer, its remoteMeta): the build's, the environment's, else its package's. */
export const buildVersionOf = (env: BuildEnv, pkg: { version: string }): string => env.buildVersion || process.env.BUILD_VERSION || pkg.version;

/** TypeScript and JSX through swc, React's automatic runtime (its development build outside production). */
export const swcRule = (isProd: boolean): webpack.RuleSetRule => ({
  test: /\.[cm]?tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !isProd, refresh: false } },
        target: 'es2022',
      },
    },
  },
});

/**
 * Brotli at its best level once, at build time (the static server serves the .br file when the browser accepts it):
 * ~14% fewer bytes than the fast on-the-fly compression, at no request-time cost.
 */
export const brotliAtBuild = () =>
  new CompressionPlugin<zlib.BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: PRECOMPRESSED_ASSETS,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    threshold: 1024,
    minRatio: 0.9,
  });

/**
 * swc's minifier (@swc/core, which swc-loader already uses) through the plugin webpack minifies with: terser took
 * most of a production build (cards alone: 135 s against 57 s on a loaded 2-core machine) for 2 % more bytes. Source
 * maps and the extracted licence comments as with terser (decision 062).
 */
export const swcMinimizer = () => new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 } } } });

/** Stable module and chunk ids (a chunk's hash changes only with its content), minified by swc when asked. */
export const buildOptimization = (minimize: boolean): webpack.Configuration['optimization'] => ({
  minimize,
  moduleIds: 'deterministic',
  chunkIds: 'deterministic',
  minimizer: [swcMinimizer()],
});

/**
 * Module Federation's runtime plugin that publishes the page's runtime core as `globalThis._FEDERATION_RUNTIME_CORE`,
 * as the enhanced plugin that the shell is built with resolves it — its ES module build (`dist/index.js` beside the
 * `dist/index.cjs` that `require` finds).
 */
const INJECT_RUNTIME_CORE = path.join(
  path.dirname(createRequire(require.resolve('@module-federation/enhanced/webpack')).resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

export function createAppConfig(options: AppConfigOptions) {
  const factory = (env: BuildEnv): webpack.Configuration => {
    const app = appByName(options.name);
    const appDir = path.join(REPO_ROOT, app.folder);
    const pkg = readPackage(appDir);
    const isProd = env.mode === 'production';
    const isHost = options.name === 'shell';
    const buildVersion = buildVersionOf(env, pkg);
    const monolithRuntime = isHost && env.monolith ? writeMonolithRuntime() : null;
    const shellSource = path.join(appDir, 'src') + path.sep;
    const renderer = rendererOf(env);
    const styles = stylesOf(env);
    const router = routerOf(env);

    return {
      name: env.outputPath ? `${options.name}@${path.basename(env.outputPath)}` : options.name,
      context: appDir,
      mode: env.mode,
      entry: { main: './src/index.ts' },
      devtool: isProd ? (env.lean ? false : 'source-map') : 'eval-cheap-module-source-map',
      output: {
        path: env.outputPath || path.join(appDir, 'dist'),
        // The shell's HTML is served for deep links, so its chunks use absolute paths; remotes resolve
        // theirs from wherever their remoteEntry.js was loaded (their own origin).
        publicPath: isHost ? '/' : 'auto',
        // Entry chunks keep a stable name: webpack 5.111 + MF 2.9.2 cannot put [contenthash] in them
        // (docs/decisions/003-entry-chunk-names.md). They are served no-cache and the HTML adds ?<hash>.
        filename: '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: options.name,
        // A module whose evaluation threw leaves webpack's module cache, so the next require evaluates it again
        // (and throws again) instead of handing out its half-initialised exports. Without it a remote page refused
        // for its @loyalty/shared version (strict singleton) came back, on React's second attempt to render the
        // area, as a module whose exports read an undefined import: «non è al momento disponibile» instead of the
        // version message (e2e/tests/delivery.spec.ts, version skew).
        strictModuleExceptionHandling: true,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { ...(renderer === 'preact' ? PREACT_ALIASES : {}), ...(styles === 'goober' ? STYLED_ALIASES : {}), ...(router === 'wouter' ? ROUTER_ALIASES : {}) },
      },
      module: {
        rules: [
          swcRule(isProd),
          { test: /\.(png|svg|jpe?g|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(options.name),
          __BUILD_VERSION__: JSON.stringify(buildVersion),
          // The runtime core this build bundles: the shell loads a remote's slim entry only if it was made for this one.
          __FEDERATION_RUNTIME_CORE__: JSON.stringify(bundledRuntimeVersion(isHost ? undefined : env.federationPlugin)),
        }),
        // Every build bundles its own federation runtime (Module Federation's default): a remote built with
        // another patch release than the shell's loads (docs/decisions/029-remotes-bring-their-runtime.md).
        new (federationPluginFor(isHost ? undefined : env.federationPlugin))({
          name: options.name,
          filename: env.slimCompanion ? SLIM_ENTRY : FULL_ENTRY,
          exposes:
            env.faultyRender && options.exposes
              ? Object.fromEntries(Object.keys(options.exposes).map((key) => [key, path.join(__dirname, 'fault', 'ThrowingRoute.tsx')]))
              : options.exposes,
          // Remotes are registered at run time from /runtime-config.json, never baked in.
          remotes: {},
          shared: sharedConfig(pkg, { ...rendererOverrides(renderer, installedVersion(appDir)), ...stylesOverrides(styles, installedVersion(appDir)), ...env.sharedOverrides }, installedVersion(appDir)),
          shareStrategy: 'loaded-first',
          // Every remote: a shared library comes from its own origin unless the page has it already, never from
          // another remote's, which may be the one failing (tools/src/own-copy-first.ts).
          runtimePlugins: [
            ...(isHost ? [] : [path.join(__dirname, 'own-copy-first.ts')]),
            // The shell puts its runtime core where a remote's slim entry takes it from (decision 112), except in the
            // monolith, which loads no remote. MF's own plugin for it, in its ES module build:
            // `experiments.provideExternalRuntime` adds its CommonJS build, which brings a second copy of the core
            // and the sdk (+9.6 KB compressed in main.js).
            ...(isHost && !env.monolith ? [INJECT_RUNTIME_CORE] : []),
            ...(options.runtimePlugins || []).map((p) => path.resolve(appDir, p)),
          ],
          manifest: true,
          dts: false,
          // Module Federation's own build-time trims of the runtime every build bundles: browser code only, and
          // a remote, which never loads another remote, without the remote-loading part (manifests, snapshots,
          // preloads) — decision 029.
          // The slim entry's compilation leaves the core out: the page's is used (decision 112).
          experiments: {
            optimization: isHost ? { target: 'web' } : { target: 'web', disableRemote: true },
            ...(env.slimCompanion ? { externalRuntime: true } : {}),
          },
        }),
        ...(monolithRuntime
          ? [
              // Only the shell's own import of the runtime: the federation plugin's internals keep the real one.
              new webpack.NormalModuleReplacementPlugin(MONOLITH_RUNTIME_REQUEST, (resource: { request: string; contextInfo?: { issuer?: string } }) => {
                if (resource.contextInfo?.issuer?.startsWith(shellSource)) resource.request = monolithRuntime;
              }),
            ]
          : []),
        new HtmlWebpackPlugin({
          // The landing's page as written; the other apps' from it (read at each compilation, like a template file).
          ...(options.htmlTemplate === 'landing'
            ? { template: LANDING_TEMPLATE }
            : { templateContent: () => appPageTemplate(fs.readFileSync(LANDING_TEMPLATE, 'utf8'), options.title) }),
          title: options.title,
          // Standalone pages are served for deep links too, so they load their scripts from the root.
          publicPath: '/',
          // The page's own entry only: a remote's remoteEntry.js is for hosts, its standalone page does not use it.
          chunks: ['main'],
          scriptLoading: 'defer',
          hash: isProd,
          inject: 'head',
        }),
        // The bootstrap chunk, the shared libraries it consumes and the run-time config every page reads
        // before it renders start downloading with main.js.
        new StartupPreloadPlugin({ fetches: [RUNTIME_CONFIG_ROUTE] }),
        ...(isProd && !env.lean ? [brotliAtBuild()] : []),
      ],
      optimization: buildOptimization(isProd && !env.lean),
      performance: { hints: false },
      // The manifest plugin warns about publicPath 'auto', which is intended: remotes resolve their chunks
      // from wherever they are deployed.
      infrastructureLogging: { level: 'error' },
      stats: 'errors-warnings',
    };
  };
  // The options travel with the factory so a monolith build of the shell can read every remote's exposes.
  return Object.assign(factory, { appOptions: options });
}
