import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { ensurePrivateDir } from '../data-dir';
import { TYPE_PARSERS } from './type-parsers';
import type { Db, Queryable, Transaction } from './types';

function wrapTransaction(tx: PGliteTransaction): Transaction {
  const bound: Transaction = {
    query: async <T extends object>(sql: string, params?: readonly unknown[]) => ({ rows: (await tx.query<T>(sql, params as unknown[])).rows }),
    exec: async (sql) => {
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
 */
export async function createPGliteDb(dataDir: string | null): Promise<Db> {
  if (dataDir) ensurePrivateDir(dataDir);
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: TYPE_PARSERS });
  let closed = false;

  const queryable: Queryable = {
    query: async <T extends object>(sql: string, params?: readonly unknown[]) => ({ rows: (await pglite.query<T>(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await pglite.exec(sql);
    },
  };

  return {
    kind: 'pglite',
    ...queryable,
    transaction: (fn) => pglite.transaction((tx) => fn(wrapTransaction(tx))),
    close: async () => {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}
