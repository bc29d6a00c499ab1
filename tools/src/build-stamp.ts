/**
 * A second `npm start` with unchanged sources reuses the build instead of rebuilding the six
 * frontends (FULL_BUILD_SECONDS on two cores, tools/src/build.ts). After a successful build each output folder gets `build-stamp.json`,
 * a hash of everything that build read: the app's own folder, `shared/`, the build tooling, the lock file,
 * the root configs and the build options. A stamp that matches means the folder holds exactly what a new
 * build would make; anything else (no stamp, a changed file, other options, a build cut off half-way,
 * since the stamp is removed before a build starts) means build.
 *
 * Content hashing rather than timestamps: a `git checkout` or a copy changes mtimes but not what is built.
 * Hashing the ~250 source files takes well under a second.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type AppInfo } from './apps';

export const STAMP_FILE = 'build-stamp.json';

/** Folders and files outside the app's own folder that every frontend build reads. */
const COMMON_INPUTS = ['shared', 'tools', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** What one app's build reads besides: the shell's writes its copy of the login page from the landing's markup and script. */
const EXTRA_INPUTS: Readonly<Record<string, readonly string[]>> = { shell: ['remote-landing'] };

/**
 * Never inputs: what builds, installs and tests write, the tests themselves, and generated type-only files
 * (`shared/src/api/openapi.gen.ts`, decision 033: swc drops type imports, so no build reads it; counting it
 * would rebuild every app after `npm run typecheck` first writes it).
 */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tsbuild', 'coverage', 'test-results', '__tests__', 'test', 'bench']);
const SKIPPED_FILE = /^dist-|\.tsbuildinfo$|\.test\.tsx?$|\.gen\.ts$/;

function listFiles(root: string, relative: string, into: string[]): void {
  const absolute = path.join(root, relative);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return; // an optional input that does not exist
  }
  if (stat.isFile()) {
    into.push(relative);
    return;
  }
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() ? SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('dist-') : SKIPPED_FILE.test(entry.name)) continue;
    listFiles(root, path.join(relative, entry.name), into);
  }
}

/** The hash of what a build of `app` with `options` reads (`root`: the repository, other in tests). */
export function buildInputsHash(app: Pick<AppInfo, 'folder'>, options: unknown, root = REPO_ROOT): string {
  const files: string[] = [];
  for (const input of [app.folder, ...(EXTRA_INPUTS[app.folder] ?? []), ...COMMON_INPUTS]) listFiles(root, input, files);
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ options, node: process.versions.node }));
  for (const file of files.sort()) {
    hash.update(`\0${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function readStamp(outputDir: string): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(outputDir, STAMP_FILE), 'utf8')) as { inputs?: string }).inputs ?? null;
  } catch {
    return null;
  }
}

/** Whether `outputDir` holds a finished build made from exactly these inputs. */
export function isUpToDate(outputDir: string, inputs: string): boolean {
  return readStamp(outputDir) === inputs;
}

/** Before a build: the folder no longer claims to be up to date, even if the build fails half-way. */
export function clearStamp(outputDir: string): void {
  fs.rmSync(path.join(outputDir, STAMP_FILE), { force: true });
}

export function writeStamp(outputDir: string, inputs: string): void {
  fs.writeFileSync(path.join(outputDir, STAMP_FILE), `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`);
}
