import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { ensurePrivateDir } from '../data-dir';
import { TYPE_PARSERS } from './type-parsers';
import type { Db, Queryable, Transaction } from './types';

/**
 * PGlite runs each statement on this thread, synchronously inside a promise: a chain of statements (a
 * transaction, then the next request's, handed over by an admission line) would otherwise run from one
 * microtask to the next without the event loop ever reading a socket, so a flood of signups held every other
 * request for 0.7–1.5 s (the health check's p50 and max, with each statement taking 0.2–13 ms). Every statement
 * first waits for the next turn of the loop (`setImmediate`, a few microseconds when nothing else is ready), so
 * the longest the thread is held is one statement.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function wrapTransaction(tx: PGliteTransaction): Transaction {
  const bound: Transaction = {
    query: async <T extends object>(sql: string, params?: readonly unknown[]) => {
      await nextTurn();
      return { rows: (await tx.query<T>(sql, params as unknown[])).rows };
    },
    exec: async (sql) => {
      await nextTurn();
      await tx.exec(sql);
    },
    transaction: (fn) => fn(bound),
  };
  return bound;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir: null` keeps everything in memory.
 *
 * The folder is made private (700) before PGlite opens it. PGlite sets some modes itself, whatever the
 * umask (666 for the files it unpacks on first run, 644 for `pg_internal.init` on every start): the db
 * plugin tightens them once the database is open (data-dir.ts).
 *
 * `loadDataDir`: a tarball of a data folder (PGlite's `dumpDataDir`) that a new database starts from instead of
 * an empty one made by initdb (the tests start each database from one built once per run); ignored when the
 * folder already holds a database.
 *
 * `settings`: server settings for this start, after PGlite's own. Most of a start's CPU went into zeroing the
 * shared memory PostgreSQL asks for (`memset` under `mmap`, in a profile): 128 MB of `shared_buffers` and 100
 * connections' slots by default. The product keeps them (one start per process); a test database, started
 * hundreds of times a run, asks for less (api/test/helpers/databases.ts).
 */
export async function createPGliteDb(dataDir: string | null, loadDataDir?: string, settings: Readonly<Record<string, string>> = {}): Promise<Db> {
  if (dataDir) ensurePrivateDir(dataDir);
  const isNew = !dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir && isNew ? { loadDataDir: tarball(loadDataDir) } : {}),
    ...(extra.length > 0 ? { startParams: [...PGlite.defaultStartParams, ...extra] } : {}),
    parsers: TYPE_PARSERS,
  });
  return wrapPGlite(pglite);
}

/**
 * A tarball for `loadDataDir`, its bytes read once per process. PGlite reads it with `arrayBuffer()`, which for a
 * Node Blob of the tests' template copies it chunk by chunk (with `new Blob([file])`, ~0.8 s of a 3 s start
 * measured); this Blob hands over the bytes read from the file as they are, without a copy when they fill their
 * buffer (PGlite's tar reader only reads them, then copies each file into its own file system), so one read serves
 * every database made from the file.
 */
class FileTarball extends Blob {
  readonly #contents: Uint8Array;

  constructor(contents: Uint8Array) {
    super([]);
    this.#contents = contents;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const contents = this.#contents;
    if (contents.byteOffset === 0 && contents.byteLength === contents.buffer.byteLength) return Promise.resolve(contents.buffer as ArrayBuffer);
    return Promise.resolve(contents.buffer.slice(contents.byteOffset, contents.byteOffset + contents.byteLength) as ArrayBuffer);
  }
}

const tarballs = new Map<string, { mtimeMs: number; bytes: Uint8Array }>();

function tarball(file: string): Blob {
  const { mtimeMs } = fs.statSync(file);
  let cached = tarballs.get(file);
  if (cached?.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, bytes: fs.readFileSync(file) };
    tarballs.set(file, cached);
  }
  return new FileTarball(cached.bytes);
}

/** The `Db` of an open PGlite; closing it closes the PGlite. */
export function wrapPGlite(pglite: PGlite): Db {
  let closed = false;

  const queryable: Queryable = {
    query: async <T extends object>(sql: string, params?: readonly unknown[]) => {
      await nextTurn();
      return { rows: (await pglite.query<T>(sql, params as unknown[])).rows };
    },
    exec: async (sql) => {
      await nextTurn();
      await pglite.exec(sql);
    },
  };

  const db: Db = {
    kind: 'pglite',
    ...queryable,
    transaction: (fn) => pglite.transaction((tx) => fn(wrapTransaction(tx))),
    close: async () => {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
    get background() {
      return db;
    },
  };
  return db;
}
