/**
 * The remote variants the delivery drills deploy (a new version and a broken one of each remote, cards built
 * against other releases of @loyalty/shared and of Module Federation): all of them in ONE webpack run that
 * global setup starts in the background once the composition is up, so they build while the journeys run; a
 * drill that needs them waits for `variantsReady()`.
 *
 * They are lean production builds (tools' `lean`: no minification, source maps or Brotli copies): what the
 * drills prove is loading, delivery and containment. Their folder outlives the run: a build whose sources and
 * options are unchanged is reused (build stamps), as `npm start` reuses the apps' builds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive, type BuildEnv, type RemoteAppName } from '@loyalty/tools';
import { E2E_PORTS } from './env';

const REPO_ROOT = path.resolve(__dirname, '../..');
export const VARIANTS_DIR = path.join(os.tmpdir(), `loyalty-e2e-${E2E_PORTS.shell}-variants`);
const STATUS_FILE = path.join(VARIANTS_DIR, 'status.json');
const LOG_FILE = path.join(VARIANTS_DIR, 'build.log');
/** While src/prebuild.ts builds ahead of the journeys: its process id (decision 090). */
export const PREBUILD_LOCK = path.join(os.tmpdir(), `loyalty-e2e-${E2E_PORTS.shell}-prebuild.pid`);

export const REMOTES: RemoteAppName[] = ['landing', 'cards', 'campaigns', 'messaging', 'admin'];
export const NEW_VERSION = '9.9.9-e2e';
/** The @loyalty/shared the shell provides, and the first release of its major (an older compatible build). */
export const SHARED_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared/package.json'), 'utf8')) as { version: string }).version;
export const SHARED_MAJOR = Number(SHARED_VERSION.split('.')[0]);
export const PREVIOUS_PATCH_VERSION = 'mf-previous-patch';

export interface VariantSpec {
  app: RemoteAppName;
  out: string;
  version?: string;
  faultyRender?: boolean;
  sharedOverrides?: BuildEnv['sharedOverrides'];
  federationPlugin?: BuildEnv['federationPlugin'];
  /** Also build the slim entry, as every non-lean remote build does (decision 112). */
  slimEntry?: boolean;
}

export const variantDir = {
  newVersion: (app: RemoteAppName) => path.join(VARIANTS_DIR, `${app}-${NEW_VERSION}`),
  faulty: (app: RemoteAppName) => path.join(VARIANTS_DIR, `${app}-faulty`),
  sharedFirstOfMajor: path.join(VARIANTS_DIR, 'cards-shared-first-of-major'),
  sharedPreviousMajor: path.join(VARIANTS_DIR, 'cards-shared-previous-major'),
  sharedNextMajor: path.join(VARIANTS_DIR, 'cards-shared-next-major'),
  federationPreviousPatch: path.join(VARIANTS_DIR, 'cards-mf-previous-patch'),
};

const sharedAt = (version: string, requiredVersion: string) => ({ '@loyalty/shared': { version, requiredVersion } });

export const VARIANTS: VariantSpec[] = [
  ...REMOTES.flatMap((app): VariantSpec[] => [
    { app, out: variantDir.newVersion(app), version: NEW_VERSION },
    { app, out: variantDir.faulty(app), version: 'guasto', faultyRender: true },
  ]),
  { app: 'cards', out: variantDir.sharedFirstOfMajor, version: `shared-${SHARED_MAJOR}.0`, sharedOverrides: sharedAt(`${SHARED_MAJOR}.0.0`, `^${SHARED_MAJOR}.0.0`) },
  { app: 'cards', out: variantDir.sharedPreviousMajor, version: `shared-${SHARED_MAJOR - 1}.1`, sharedOverrides: sharedAt(`${SHARED_MAJOR - 1}.1.0`, `^${SHARED_MAJOR - 1}.1.0`) },
  { app: 'cards', out: variantDir.sharedNextMajor, version: `shared-${SHARED_MAJOR + 1}.0`, sharedOverrides: sharedAt(`${SHARED_MAJOR + 1}.0.0`, `^${SHARED_MAJOR + 1}.0.0`) },
  { app: 'cards', out: variantDir.federationPreviousPatch, version: PREVIOUS_PATCH_VERSION, federationPlugin: 'previous-patch', slimEntry: true },
];

interface Status {
  ok: boolean;
  seconds: number;
  exitCode?: number | null;
}

/**
 * Global setup: starts the build of every variant in child processes (webpack outside the runner; one process
 * per release of the federation plugin, one after the other) and resolves at once; the status file says when
 * they have ended and how. Answers a function that stops them.
 */
export function startVariantBuild(): () => void {
  fs.mkdirSync(VARIANTS_DIR, { recursive: true });
  fs.rmSync(STATUS_FILE, { force: true });
  const log = fs.openSync(LOG_FILE, 'w');
  const started = Date.now();
  const groups = [...new Set(VARIANTS.map((v) => v.federationPlugin ?? 'current'))].map((release) => VARIANTS.filter((v) => (v.federationPlugin ?? 'current') === release));
  let child: ChildProcess | undefined;
  let stopped = false;
  const finish = (exitCode: number | null) => {
    fs.closeSync(log);
    const status: Status = { ok: exitCode === 0, seconds: Math.round((Date.now() - started) / 1000), exitCode };
    fs.writeFileSync(STATUS_FILE, JSON.stringify(status));
  };
  const next = (index: number) => {
    if (stopped) return;
    // At a lower priority (nice 5, about a quarter of a core's share against a journey's processes): the builds
    // only have to end before the drills that need them, while a journey waits on every late frame (CI lost
    // journeys to their timeouts at load 20 with the builds beside them).
    child = spawn('nice', ['-n', '5', process.execPath, require.resolve('tsx/cli'), path.join('e2e', 'src', 'build-variants.ts'), JSON.stringify(groups[index])], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
    });
    child.on('exit', (exitCode) => (exitCode === 0 && index + 1 < groups.length ? next(index + 1) : finish(exitCode)));
  };
  next(0);
  return () => {
    stopped = true;
    if (child && child.exitCode === null) child.kill('SIGTERM');
  };
}

/** A drill's beforeAll: waits for the background build (its failure fails the drill with the build's output). */
export async function variantsReady(timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(STATUS_FILE)) {
    if (Date.now() > deadline) throw new Error(`the remote variants are not built after ${timeoutMs / 1000} s (${LOG_FILE})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const status = JSON.parse(fs.readFileSync(STATUS_FILE, 'utf8')) as Status;
  if (!status.ok) throw new Error(`the build of the remote variants failed:\n${fs.readFileSync(LOG_FILE, 'utf8').slice(-4000)}`);
}

/**
 * Global setup's first step: when src/prebuild.ts is still building the apps and the variants ahead of the
 * journeys, waits for it, so that the same folders are never built by two processes; its builds are then reused
 * (build stamps). A lock left by a process that no longer runs is ignored.
 */
export async function prebuildDone(log: (line: string) => void = console.log): Promise<void> {
  let told = false;
  for (;;) {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(PREBUILD_LOCK, 'utf8'));
    } catch {
      return;
    }
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
    if (!told) log('Attendo la compilazione anticipata delle app e delle varianti (e2e/src/prebuild.ts)…');
    told = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}
