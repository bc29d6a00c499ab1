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
 */
export async function createPGliteDb(dataDir: string | null, loadDataDir?: string): Promise<Db> {
  if (dataDir) ensurePrivateDir(dataDir);
  const isNew = !dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir && isNew ? { loadDataDir: new Blob([fs.readFileSync(loadDataDir)]) } : {}),
    parsers: TYPE_PARSERS,
  });
  return wrapPGlite(pglite);
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
