/**
 * Every suite runs once per database: in-memory PGlite (always) and PostgreSQL, each suite in a fresh
 * database `loyalty_test_<random>` (TEST_DATABASE_PREFIX instead of `loyalty_test`) dropped afterwards.
 * A fresh database is a copy of one migrated once per run (database-templates.ts); `create({ migrated: false })`
 * gives one without any migration, for the suites that test the migrations themselves.
 *
 * PostgreSQL is skipped only on a developer machine where it is not running. When `CI` is set an
 * unreachable server fails the PostgreSQL half of every suite instead of silently testing less.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config';
import { pgliteTemplate, POSTGRES_TEMPLATE_ENV } from './database-templates';
import { POSTGRES_STATUS_ENV, POSTGRES_URL_ENV } from './postgres-server';

export interface TestDatabase {
  config: DatabaseConfig;
  /** Removes the database (PostgreSQL); connections to it must be closed first. */
  drop(): Promise<void>;
}

export interface CreateOptions {
  /** Every migration already applied (the default), or none: an empty database as initdb leaves it. */
  migrated?: boolean;
}

export interface DatabaseVariant {
  name: 'PGlite' | 'PostgreSQL';
  create(options?: CreateOptions): Promise<TestDatabase>;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env[POSTGRES_URL_ENV], connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Name prefix of the throw-away databases: TEST_DATABASE_PREFIX, when a shared server keeps each user to their own names. */
export function databasePrefix(): string {
  const prefix = process.env.TEST_DATABASE_PREFIX?.trim() || 'loyalty_test';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`TEST_DATABASE_PREFIX: "${prefix}" is not a lower-case SQL name`);
  return prefix;
}

/**
 * Server settings of a test database: the product's PGlite asks for 128 MB of shared buffers and 100 connections'
 * slots, and zeroing that memory was most of a start's CPU (1.4–1.8 s of CPU a start against 0.4–0.5 s with these
 * and the trimmed template, measured side by side); a test runs one session on a few thousand rows at most.
 */
export const PGLITE_TEST_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '8MB', max_connections: '5' };

/**
 * A PGlite database in memory (`dataDir` null) or in a folder, started from the run's template when the global
 * setup made one; a folder that already holds a database is opened as it is.
 */
export function pgliteConfig(dataDir: string | null, { migrated = true }: CreateOptions = {}): DatabaseConfig {
  const loadDataDir = pgliteTemplate(migrated ? 'migrated' : 'empty');
  return { kind: 'pglite', dataDir, ...(loadDataDir ? { loadDataDir } : {}), settings: PGLITE_TEST_SETTINGS };
}

export const pgliteVariant: DatabaseVariant = {
  name: 'PGlite',
  create: async (options) => ({ config: pgliteConfig(null, options), drop: async () => undefined }),
};

export const postgresVariant: DatabaseVariant = {
  name: 'PostgreSQL',
  async create({ migrated = true } = {}) {
    const status = process.env[POSTGRES_STATUS_ENV] ?? 'not checked (test/global-setup.ts did not run)';
    if (status !== 'reachable') {
      throw new Error(`PostgreSQL is required when CI is set, but the server is ${status}. Start it or set TEST_DATABASE_URL.`);
    }
    const name = `${databasePrefix()}_${crypto.randomBytes(6).toString('hex')}`;
    const template = migrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
    await withAdminClient((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    const url = new URL(process.env[POSTGRES_URL_ENV]!);
    url.pathname = `/${name}`;
    return {
      config: { kind: 'postgres', url: url.toString() },
      drop: () => withAdminClient(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
    };
  },
};

export function postgresSkipReason(): string | null {
  if (process.env.CI) return null;
  const status = process.env[POSTGRES_STATUS_ENV];
  return status === 'reachable' ? null : `PostgreSQL ${status ?? 'not checked'}`;
}

/** `describe.each` over the database variants; a variant that cannot run here is reported as skipped. */
export function describeEachDatabase(title: string, body: (variant: DatabaseVariant) => void): void {
  const skipReason = postgresSkipReason();
  const variants = skipReason ? [pgliteVariant] : [pgliteVariant, postgresVariant];
  describe.each(variants)(`${title} [$name]`, body);
  if (skipReason) {
    describe.skip(`${title} [PostgreSQL skipped: ${skipReason}]`, () => {
      it.todo('runs when PostgreSQL is reachable');
    });
  }
}
