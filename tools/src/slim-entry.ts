/**
 * A remote's second container entry, `remoteEntry.slim.js`, without the federation runtime core
 * (docs/decisions/112-slim-entry-when-the-runtime-matches.md).
 *
 * Every remote keeps its `remoteEntry.js` with the runtime it was built with (decision 029: a remote need not
 * match the shell's Module Federation release). Beside it, the build now writes the same container compiled with
 * Module Federation's `experiments.externalRuntime`: it takes the core from the page
 * (`globalThis._FEDERATION_RUNTIME_CORE`, which the shell provides) instead of carrying its own — cards:
 * 16.2 → 7.7 KB compressed. The remote's manifest advertises it with the core version it was compiled against,
 * and the shell loads it only when that is exactly its own (shell/src/features/federation/model/entryChoice.ts);
 * any other shell, or a shell without the provided core, loads `remoteEntry.js` as before.
 *
 * The slim entry is a second compilation of the same configuration into a folder of its own, run after the build
 * from the build's module ids (`ModuleIdsOnlyRecords`); only its entry is taken, and only after checking that every
 * other chunk it made is byte for byte the one the full build wrote (the entry's chunk map names them by content
 * hash): the two entries load the same files. A difference fails the
 * build with the files named — it would mean the entries load different code.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type webpack from 'webpack';
import type { AppInfo } from './apps';
import type { BuildEnv } from './federation';

export const SLIM_ENTRY = 'remoteEntry.slim.js';
export const FULL_ENTRY = 'remoteEntry.js';
const MANIFEST = 'mf-manifest.json';

/** What a remote's manifest says about its slim entry (`metaData.slimEntry`). */
export interface SlimEntryInfo {
  name: string;
  /** The @module-federation/runtime-core version the entry was compiled against: the page's must be this one. */
  runtimeCore: string;
}

/** Files the two compilations write differently by design: the entries, and what describes or serves them. */
const OWN_FILES = /^(remoteEntry(\.slim)?\.js|main\.js|index\.html|mf-manifest\.json|mf-stats\.json|build-stamp\.json)(\.(map|br|LICENSE\.txt))?$/;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * Moves the slim entry (with its source map, Brotli copy and licence file) from `slimDir` into the remote's
 * `fullDir` and advertises it in the manifest (the caller removes `slimDir`). Throws, naming them, if any chunk differs.
 */
export function adoptSlimEntry(fullDir: string, slimDir: string, runtimeCore: string, app = path.basename(fullDir)): SlimEntryInfo {
  const differing = filesOf(slimDir)
    .filter((file) => !OWN_FILES.test(path.basename(file)))
    .filter((file) => {
      const full = path.join(fullDir, file);
      return !fs.existsSync(full) || !fs.readFileSync(full).equals(fs.readFileSync(path.join(slimDir, file)));
    });
  if (differing.length > 0) {
    throw new Error(
      `${SLIM_ENTRY} di ${app}: la seconda compilazione ha prodotto file diversi da quelli della build (${differing.slice(0, 5).join(', ')}${differing.length > 5 ? ', …' : ''}); ` +
        'le due entry caricherebbero codice diverso (docs/decisions/112-slim-entry-when-the-runtime-matches.md).',
    );
  }
  if (!fs.existsSync(path.join(slimDir, SLIM_ENTRY))) throw new Error(`${SLIM_ENTRY} mancante in ${slimDir}`);
  for (const file of fs.readdirSync(slimDir)) {
    if (file.startsWith(SLIM_ENTRY)) fs.copyFileSync(path.join(slimDir, file), path.join(fullDir, file));
  }
  const info: SlimEntryInfo = { name: SLIM_ENTRY, runtimeCore };
  const manifestFile = path.join(fullDir, MANIFEST);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { metaData: Record<string, unknown> };
  manifest.metaData.slimEntry = info;
  const text = JSON.stringify(manifest, null, 2);
  fs.writeFileSync(manifestFile, text);
  // The static servers send the .br copy when the browser accepts it: it must say the same.
  if (fs.existsSync(`${manifestFile}.br`)) {
    fs.writeFileSync(`${manifestFile}.br`, zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }));
  }
  return info;
}

/**
 * Leaves only the module ids in a build's records (webpack writes them before `done`).
 * - The slim entry's compilation takes its modules' ids from them: its module set lacks the runtime core's, and
 *   webpack's deterministic ids resolve a hash collision by the modules present (on a fresh clone, one module of the
 *   admin's QR chunk got another id without them).
 * - Its chunk ids come from webpack's deterministic rule, as the build's did: the chunks' records, revived by name and
 *   source into another chunk graph, renamed a third of the admin's chunks.
 */
export class ModuleIdsOnlyRecords {
  constructor(private readonly file: string) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('ModuleIdsOnlyRecords', () => {
      const records = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(this.file, JSON.stringify({ modules: records.modules }));
    });
  }
}

/** Remotes publish a slim entry unless told not to; the drills' lean variants only when they ask (decision 112). */
export const wantsSlimEntry = ({ app, env }: { app: AppInfo; env: BuildEnv }): boolean => app.name !== 'shell' && !env.monolith && (env.slimEntry ?? !env.lean);
