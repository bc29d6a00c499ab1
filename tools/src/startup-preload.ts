/**
 * Preload hints for what a page needs to start (docs/decisions/018-startup-preload.md).
 *
 * An app's main.js holds the federation runtime and its entry, which only imports its start-up (`./startup/stages`, then `./bootstrap`) behind the
 * async boundary. The bootstrap's chunk and the shared libraries it consumes (React, react-dom, the store,
 * `@loyalty/shared`, …) are requested only once main.js has downloaded and run: a whole round trip later
 * than they could be. Their file names are hashed, so the HTML cannot name them by hand; this plugin
 * walks the chunk graph at build time and adds `<link rel="preload" as="script">` for them to the page.
 *
 * What counts as startup: the chunks of the entry's own async imports (the boundary), and, from there,
 * only what consumed shared modules load (their providers' chunks); ordinary `import()`s (below-the-fold sections, qrcode, charts)
 * stay lazy. Each app provides its own copy of every singleton, and at start-up nothing else is loaded yet,
 * so with `shareStrategy: 'loaded-first'` the page's own copies are the ones it runs.
 */
import type webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';

const PLUGIN = 'StartupPreloadPlugin';
const CONSUME_SHARED_MODULE = 'consume-shared-module';
const PROVIDE_SHARED_MODULE = 'provide-module';

/** The fields of Module Federation's share modules this walk reads (not in webpack's public types). */
interface ConsumeShared { options: { shareKey: string } }
interface ProvideShared { _name: string }

type Chunk = webpack.Chunk;
type ChunkGroup = webpack.ChunkGroup;

/** The JS files a page loads before its first render, besides its entry chunks, in a stable order. */
export function startupScripts(compilation: webpack.Compilation, entryName = 'main'): string[] {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const { chunkGraph } = compilation;
  const initial = new Set<Chunk>(entry.chunks);
  const seen = new Set<Chunk>();
  const queue: Chunk[] = [];
  const addGroup = (group: ChunkGroup | undefined) => {
    for (const chunk of group?.chunks ?? []) {
      if (initial.has(chunk) || seen.has(chunk)) continue;
      seen.add(chunk);
      queue.push(chunk);
    }
  };
  // A consumed singleton runs the copy its provider registered (its fallback chunk is only for when there is
  // none), and small modules get separate provider and fallback chunks: follow the provider.
  const providers = new Map<string, webpack.Module[]>();
  for (const module of compilation.modules) {
    if (module.type !== PROVIDE_SHARED_MODULE) continue;
    const name = (module as unknown as ProvideShared)._name;
    providers.set(name, [...(providers.get(name) ?? []), module]);
  }
  const followConsumes = (chunk: Chunk) => {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== CONSUME_SHARED_MODULE) continue;
      const provided = providers.get((module as unknown as ConsumeShared).options.shareKey);
      for (const source of provided ?? [module]) {
        for (const block of source.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };

  for (const chunk of entry.chunks) {
    // The async boundary: the entry module's own import() of its start-up.
    for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) {
      for (const block of module.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
    }
    followConsumes(chunk);
  }
  while (queue.length) followConsumes(queue.shift()!);

  const files = new Set<string>();
  for (const chunk of seen) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return [...files].sort();
}

export class StartupPreloadPlugin {
  constructor(private readonly options: { fetches?: string[] } = {}) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (data) => {
        const links = [
          // `crossorigin`: a fetch() is a CORS request (same-origin credentials), and a preload is used only
          // by a request of the same mode.
          ...(this.options.fetches ?? []).map((href) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href }),
          ),
          ...startupScripts(compilation).map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` }),
          ),
        ];
        // The entry comes first: it starts the run-time config and the first page's remote, so it must not
        // queue behind the preloads (a deferred script's default priority is low, a preload's high).
        for (const tag of data.headTags) {
          if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        }
        const lastScript = data.headTags.map((tag) => tag.tagName).lastIndexOf('script');
        data.headTags.splice(lastScript + 1, 0, ...links);
        return data;
      });
    });
  }
}
