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
 * issue 9 measured ~2× the throughput). The SQL text is the key; texts are our constants, so the set
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

/** A PostgreSQL server through a `pg` connection pool. */
export function createPostgresDb(connectionString: string, options: PostgresDbOptions = {}): Db {
  const pool = new pg.Pool({ connectionString, types, connectionTimeoutMillis: 5000, max: 10 });
  pool.on('error', (error) => options.onIdleError?.(error));
  let closed: Promise<void> | null = null;

  return {
    kind: 'postgres',
    query: async <T extends object>(sql: string, params?: readonly unknown[]) => ({ rows: (await pool.query<T>(statement(sql, params))).rows }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
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
    close: () => (closed ??= pool.end()),
  };
}
