/**
 * Production builds for the benchmark, always into /tmp/bench-builds (the apps' own dist folders are
 * served by other people's tests and are never touched). Built with `buildVariants`, the same single
 * webpack multi-compiler run (parallelism 2) that `tools/src/build.ts --all` uses, one output folder per app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APPS, appByName, buildVariants, type AppName, type BuildEnv } from '@loyalty/tools';

export const BUILD_ROOT = process.env.BENCH_BUILD_ROOT || '/tmp/bench-builds';
/** The remote timed alone: the one the dashboard opens on. */
export const SINGLE_REMOTE: AppName = 'cards';

export interface PreparedBuilds {
  /** Folder of each app's federated production build. */
  roots: Record<AppName, string>;
  /** Wall time of the six frontends built together (ms), when measured. */
  fullBuildMs: number | null;
  /** Wall time of SINGLE_REMOTE built alone (ms), when measured. */
  singleBuildMs: number | null;
}

/** Each app's build folder of a variant, under BUILD_ROOT or another bench build root (`bench:ab`'s two builds). */
export function appRoots(variant: string, root = BUILD_ROOT): Record<AppName, string> {
  return Object.fromEntries(APPS.map((a) => [a.name, path.join(root, variant, a.name)])) as Record<AppName, string>;
}

export async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const production = (outputPath: string, extra: Partial<BuildEnv> = {}): BuildEnv => ({ mode: 'production', outputPath, ...extra });

export async function prepareBuilds(log: (line: string) => void, options: { measure: boolean }): Promise<PreparedBuilds> {
  const roots = appRoots('federated');
  // Developing the bench itself: BENCH_REUSE_BUILDS=1 serves the previous run's builds without timing any.
  if (process.env.BENCH_REUSE_BUILDS === '1' && Object.values(roots).every((dir) => fs.existsSync(path.join(dir, 'index.html')))) {
    log(`  BENCH_REUSE_BUILDS=1: riuso le build in ${path.join(BUILD_ROOT, 'federated')}`);
    return { roots, fullBuildMs: null, singleBuildMs: null };
  }
  fs.rmSync(path.join(BUILD_ROOT, 'federated'), { recursive: true, force: true });
  log(`  build dei sei frontend in ${path.join(BUILD_ROOT, 'federated')}…`);
  const fullBuildMs = await timed(() => buildVariants(APPS.map((app) => ({ app, env: production(roots[app.name]) }))));
  let singleBuildMs: number | null = null;
  if (options.measure) {
    const out = path.join(BUILD_ROOT, `single-${SINGLE_REMOTE}`);
    log(`  build di ${SINGLE_REMOTE} da solo in ${out}…`);
    singleBuildMs = await timed(() => buildVariants([{ app: appByName(SINGLE_REMOTE), env: production(out) }]));
  }
  return { roots, fullBuildMs, singleBuildMs };
}
