/**
 * The one database interface the API uses. Two implementations (embedded PGlite, PostgreSQL server
 * through `pg`) speak the same SQL and return the same JavaScript values:
 *   numeric, bigint → number · date → 'YYYY-MM-DD' · timestamptz → ISO-8601 string · json(b) → parsed.
 */
export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Nested calls join the outer one. */
  transaction<T>(fn: (tx: Queryable & Pick<Db, 'transaction'>) => Promise<T>): Promise<T>;
  /** Idempotent; closes `background` too. */
  close(): Promise<void>;
  /**
   * The connections of the background work (the job workers and the scheduler): on PostgreSQL a small pool of
   * their own, so that no flood of requests can hold every connection while they wait to claim their jobs;
   * PGlite's one connection otherwise (the same object).
   */
  readonly background: Db;
}

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
