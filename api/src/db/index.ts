import type { DatabaseConfig } from '../config';
import { createPGliteDb } from './pglite';
import { createPostgresDb, type PostgresDbOptions } from './postgres';
import type { Db } from './types';

export type { Db, DbKind, Queryable, QueryResult, Transaction } from './types';

export function createDb(config: DatabaseConfig, options: PostgresDbOptions = {}): Promise<Db> {
  return config.kind === 'postgres' ? Promise.resolve(createPostgresDb(config.url, options)) : createPGliteDb(config.dataDir, config.loadDataDir, config.settings);
}
