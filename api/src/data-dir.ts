/**
 * The data folder (`DATA_DIR`: PGlite's files, `jwt-secret`, `secrets-key`) is readable by this user only:
 * the folder and every folder below it 700, every file 600.
 *
 * Two causes, two fixes. The process creates its files with `process.umask(PRIVATE_UMASK)` (server.ts),
 * so new files are 600 and new folders 700 whoever writes them. PGlite, however, sets some modes itself,
 * ignoring the umask (666 on the files it unpacks on first run, 644 on `pg_internal.init` at every start),
 * and installs made before this fix have such files already: `secureDataDir` (called by the db plugin once
 * the database is open) tightens what is there, cheaply: one `lstat` per entry and a `chmod` only where the
 * mode is wrong; the ~1 050 entries of a seeded PGlite folder take 50-100 ms on a busy 2-core machine.
 */
import fs from 'node:fs';
import path from 'node:path';

/** No permission for group and others on anything the API creates. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export interface SecureDataDirResult {
  /** Files and folders looked at (the folder itself included). */
  entries: number;
  /** Of those, how many had their mode changed. */
  changed: number;
  /** Paths whose mode could not be changed (another owner), with the reason. */
  failed: { path: string; error: string }[];
  elapsedMs: number;
}

/** Creates the folder (and missing parents) as 700, or closes an existing one to group and others. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Sets every folder under `dir` (itself included) to 700 and every file to 600. Symbolic links are not
 * followed; a missing folder is not an error (nothing to tighten yet).
 */
export function secureDataDir(dir: string): SecureDataDirResult {
  const started = process.hrtime.bigint();
  const result: SecureDataDirResult = { entries: 0, changed: 0, failed: [], elapsedMs: 0 };
  const tighten = (target: string, stat: fs.Stats) => {
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    result.entries++;
    if ((stat.mode & 0o777) === wanted) return;
    try {
      fs.chmodSync(target, wanted);
      result.changed++;
    } catch (error) {
      result.failed.push({ path: target, error: (error as Error).message });
    }
  };

  let root: fs.Stats;
  try {
    root = fs.statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  if (!root.isDirectory()) throw new Error(`DATA_DIR ${dir} is not a folder`);
  tighten(dir, root);

  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (!entry.isFile() && !entry.isDirectory()) continue; // links, sockets: left alone
      const target = path.join(current, entry.name);
      tighten(target, fs.lstatSync(target));
      if (entry.isDirectory()) pending.push(target);
    }
  }
  result.elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  return result;
}
