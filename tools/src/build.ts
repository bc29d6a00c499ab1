/**
 * Production build of one frontend or all six.
 *   npm run build                      (root: all six)
 *   npm run build -w remote-cards      (one app, from its folder)
 *   tsx tools/src/build.ts cards --out /tmp/cards-v2 --version 1.0.1
 *   tsx tools/src/build.ts cards --out /tmp/cards-mf --federation previous-patch
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { APPS, REPO_ROOT, appByDir, appByName, distDir, type AppInfo } from './apps';
import { reportBuildProgress } from './build-progress';
import { buildInputsHash, clearStamp, isUpToDate, writeStamp } from './build-stamp';
import { buildVersionOf, readPackage, rendererOf, routerOf, stylesOf, type BuildEnv } from './federation';
import { bundledRuntimeVersion } from './federation-plugin';
import { prerenderLanding, prerenderShellCopies, prerenderShellFrames } from './prerender';
import { ModuleIdsOnlyRecords, adoptSlimEntry, wantsSlimEntry } from './slim-entry';

type ConfigFactory = (env: BuildEnv) => webpack.Configuration;

export function loadAppConfig(app: AppInfo, env: BuildEnv): webpack.Configuration {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(REPO_ROOT, app.folder, 'webpack.config.ts')) as { default: ConfigFactory };
  return mod.default(env);
}

function run(compiler: webpack.Compiler | webpack.MultiCompiler): Promise<webpack.Stats | webpack.MultiStats> {
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err) return reject(err);
      if (!stats) return reject(new Error('webpack returned no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolve(stats);
    });
  });
}

export interface BuildOptions {
  /**
   * Skip the apps whose output folder holds a finished build of the same sources and options
   * (`build-stamp.json`, tools/src/build-stamp.ts). `npm start` and the e2e suite reuse; `npm run build` does not.
   */
  reuse?: boolean;
  /**
   * Print which app is being built and how far it is while the build runs (`npm start`, `npm run build`):
   * the first build of all six takes one to two minutes.
   */
  progress?: boolean;
}

/** How long a build of every frontend took here, from nothing (2 cores; the README repeats it). */
export const FULL_BUILD_SECONDS = '70–110 s';

export async function buildApps(apps: readonly AppInfo[], env: BuildEnv, options: BuildOptions = {}): Promise<void> {
  await buildVariants(apps.map((app) => ({ app, env })), options);
}

/** Several builds in one webpack run, each with its own options (e.g. a new version into a new folder). */
export async function buildVariants(allVariants: { app: AppInfo; env: BuildEnv }[], options: BuildOptions = {}): Promise<void> {
  const stamped = allVariants.map((variant) => ({
    ...variant,
    outputDir: variant.env.outputPath || distDir(variant.app),
    inputs: buildInputsHash(variant.app, { ...variant.env, renderer: rendererOf(variant.env), styles: stylesOf(variant.env), router: routerOf(variant.env) }),
  }));
  const variants = options.reuse ? stamped.filter((v) => !isUpToDate(v.outputDir, v.inputs)) : stamped;
  const reused = stamped.filter((v) => !variants.includes(v));
  if (reused.length > 0) console.log(`build riusata (sorgenti invariati): ${reused.map((v) => v.app.name).join(', ')}`);
  if (variants.length === 0) return;
  for (const v of variants) clearStamp(v.outputDir);
  const apps = variants.map((v) => v.app);
  // Each remote's slim entry is a second compilation of the same configuration into a folder of its own, run after
  // the build from the build's module ids and adopted into its folder once both are done (decision 112,
  // tools/src/slim-entry.ts: why the module ids).
  const companions = variants.filter(wantsSlimEntry).map((v) => {
    const slimDir = fs.mkdtempSync(path.join(os.tmpdir(), `loyalty-slim-entry-${v.app.name}-`));
    return { ...v, slimDir, records: `${slimDir}.records.json`, of: variants.indexOf(v) };
  });
  const recordsOf = new Map(companions.map((c) => [c.outputDir, c.records]));
  const fullConfigs = variants.map(({ app, env, outputDir }) => {
    const config = loadAppConfig(app, env);
    const records = recordsOf.get(outputDir);
    return records ? { ...config, recordsOutputPath: records, plugins: [...(config.plugins ?? []), new ModuleIdsOnlyRecords(records)] } : config;
  });
  const configs = [
    ...fullConfigs,
    ...companions.map(({ app, env, slimDir, records, of }) => ({
      ...loadAppConfig(app, { ...env, slimCompanion: true, outputPath: slimDir }),
      recordsInputPath: records,
      dependencies: [fullConfigs[of].name as string],
    })),
  ];
  const removeCompanions = () => {
    for (const c of companions) for (const file of [c.slimDir, c.records]) fs.rmSync(file, { recursive: true, force: true });
  };
  const env = variants[0].env;
  const started = Date.now();
  if (options.progress) {
    console.log(
      `Compilazione di ${variants.length === 1 ? "un'applicazione" : `${variants.length} applicazioni`}` +
        `${companions.length > 0 ? ` (e ${companions.length === 1 ? "dell'entry slim del remote" : `delle entry slim di ${companions.length} remote`})` : ''} (${env.mode}): ` +
        `tutte e sei, la prima volta, richiedono ${FULL_BUILD_SECONDS} su 2 core; le volte dopo si riusano quelle con i sorgenti invariati.`,
    );
  }
  // One process, two builds at a time: this machine has two cores.
  const compiler = webpack(Object.assign(configs, { parallelism: 2 }));
  const progress = options.progress ? reportBuildProgress(compiler, [...apps.map((a) => a.folder), ...companions.map((c) => `${c.app.folder} (entry slim)`)], { print: (line) => console.log(line) }) : undefined;
  let stats: webpack.Stats | webpack.MultiStats;
  try {
    stats = await run(compiler);
  } catch (err) {
    removeCompanions();
    throw err;
  } finally {
    progress?.stop();
  }
  const warnings = stats.toString({ all: false, warnings: true, colors: false }).trim();
  if (warnings) console.warn(warnings);
  try {
    for (const c of companions) adoptSlimEntry(c.outputDir, c.slimDir, bundledRuntimeVersion(c.env.federationPlugin), c.app.folder);
  } finally {
    removeCompanions();
  }
  // The public pages as HTML, after the webpack builds (docs/decisions/063-public-pages-written-once.md): all of
  // them in the landing's folder, and in the shell's its own copy of the login page for when the landing
  // origin has never answered.
  for (const v of variants) {
    if (v.app.name !== 'landing' && v.app.name !== 'shell') continue;
    if (options.progress) console.log(v.app.name === 'landing' ? 'Pagine pubbliche della landing in HTML (prerender)…' : 'Copia della pagina di accesso per la shell (prerender)…');
    if (v.app.name === 'landing') await prerenderLanding(v.outputDir, v.env.mode);
    else {
      await prerenderShellCopies(v.outputDir, v.env.mode);
      await prerenderShellFrames(v.outputDir, v.env.mode, buildVersionOf(v.env, readPackage(path.join(REPO_ROOT, v.app.folder))));
    }
  }
  for (const v of variants) writeStamp(v.outputDir, v.inputs);
  console.log(`Compilazione completata (${env.mode}) in ${((Date.now() - started) / 1000).toFixed(1).replace('.', ',')} s: ${apps.map((a) => a.name).join(', ')}.`);
}

/** A flag's value from its known ones; anything else stops the build naming the flag (no silent default). */
function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T {
  if (value !== undefined && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${flag} must be one of ${allowed.join(', ')} (got ${value === undefined ? 'nothing' : JSON.stringify(value)})`);
}

function parseArgs(argv: string[]) {
  const args = {
    all: false,
    names: [] as string[],
    out: undefined as string | undefined,
    version: undefined as string | undefined,
    mode: 'production' as BuildEnv['mode'],
    sharedOverrides: undefined as BuildEnv['sharedOverrides'],
    federationPlugin: undefined as BuildEnv['federationPlugin'],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--all') args.all = true;
    else if (a === '--out') args.out = argv[++i];
    else if (a === '--version') args.version = argv[++i];
    else if (a === '--mode') args.mode = oneOf('--mode', argv[++i], ['production', 'development'] as const);
    // --shared @loyalty/shared=1.0.0:^1.0.0 builds as if made against that version (version-skew drills)
    else if (a === '--shared') {
      const [name, spec] = argv[++i].split('=');
      const [version, requiredVersion] = spec.split(':');
      args.sharedOverrides = { ...args.sharedOverrides, [name]: { version, requiredVersion } };
    }
    // --federation previous-patch builds a remote with the previous patch of @module-federation/* (decision 029)
    else if (a === '--federation') args.federationPlugin = oneOf('--federation', argv[++i], ['current', 'previous-patch'] as const);
    else args.names.push(a);
  }
  return args;
}

if (require.main === module) {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const apps = args.all ? APPS : args.names.length ? args.names.map(appByName) : [appByDir(process.cwd())];
  if (args.out && apps.length !== 1) {
    console.error('--out needs exactly one app');
    process.exit(2);
  }
  const env: BuildEnv = { mode: args.mode, buildVersion: args.version, outputPath: args.out && path.resolve(args.out), sharedOverrides: args.sharedOverrides, federationPlugin: args.federationPlugin };
  buildApps(apps, env, { progress: true }).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
