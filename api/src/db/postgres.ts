import pg from 'pg';
import { TYPE_PARSERS } from './type-parsers';
import type { Db, Transaction } from './types';

export interface PostgresDbOptions {
  /** Called for errors of idle pooled connections (a restarted server), which would otherwise crash the process. */
  onIdleError?: (error: Error) => void;
}

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    (format ?? 'text') === 'text' && TYPE_PARSERS[oid] ? TYPE_PARSERS[oid] : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Above this many distinct statements, further ones run unnamed (bounds the per-connection cache). */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * Parameterised queries run as named prepared statements, so each pooled connection parses and plans a
 * statement once instead of on every call (the overview stats CTE takes longer to plan than to run:
 * measured at ~2× the throughput). The SQL text is the key; texts are our constants, so the set
 * is small and bounded.
 */
const statementNames = new Map<string, string>();

function statement(sql: string, params: readonly unknown[] | undefined): pg.QueryConfig {
  if (!params || params.length === 0) return { text: sql };
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `loyalty_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return { text: sql, values: params as unknown[], ...(name ? { name } : {}) };
}

/** Connections of the requests, and of the background work (job workers, scheduler) in a pool of their own. */
export const POOL_SIZES = { requests: 10, background: 3 } as const;

/**
 * A connection could not be had within the pool's `connectionTimeoutMillis`: the database is overloaded or
 * unreachable. Answered 503 (plugins/errors.ts), never 500: nothing went wrong in the request itself.
 */
export class DatabaseBusyError extends Error {
  constructor(cause: Error) {
    super('no database connection became free in time', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** pg-pool's message when no connection was free within `connectionTimeoutMillis`. */
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

const busyOr = (error: unknown): never => {
  throw error instanceof Error && error.message === POOL_TIMEOUT_MESSAGE ? new DatabaseBusyError(error) : error;
};

/** The `Db` of one pool; `close` and `background` are the whole database's. */
function poolDb(pool: pg.Pool, close: () => Promise<void>, background: () => Db): Db {
  return {
    kind: 'postgres',
    query: async <T extends object>(sql: string, params?: readonly unknown[]) => ({ rows: (await pool.query<T>(statement(sql, params)).catch(busyOr)).rows }),
    exec: async (sql) => {
      await pool.query(sql).catch(busyOr);
    },
    transaction: async (fn) => {
      const client = await pool.connect().catch(busyOr);
      const tx: Transaction = {
        query: async <T extends object>(sql: string, params?: readonly unknown[]) => ({ rows: (await client.query<T>(statement(sql, params))).rows }),
        exec: async (sql) => {
          await client.query(sql);
        },
        transaction: (inner) => inner(tx),
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close,
    get background() {
      return background();
    },
  };
}

/**
 * A PostgreSQL server through two `pg` connection pools: the requests' and the background work's
 * (`POOL_SIZES`). A pool opens its connections when first needed.
 */
export function createPostgresDb(connectionString: string, options: PostgresDbOptions = {}): Db {
  const newPool = (max: number) => {
    const pool = new pg.Pool({ connectionString, types, connectionTimeoutMillis: 5000, max });
    pool.on('error', (error) => options.onIdleError?.(error));
    return pool;
  };
  const requests = newPool(POOL_SIZES.requests);
  const workers = newPool(POOL_SIZES.background);
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= Promise.all([requests.end(), workers.end()]).then(() => undefined));
  const background: Db = poolDb(workers, close, () => background);
  return poolDb(requests, close, () => background);
}
