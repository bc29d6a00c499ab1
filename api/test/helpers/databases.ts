/**
 * A suite runs once per database variant (`describeEachDatabase`: PostgreSQL, and in-memory PGlite for the suites of
 * PGLITE_SUITES), each PostgreSQL run in a fresh database `loyalty_test_<random>` (TEST_DATABASE_PREFIX instead of
 * `loyalty_test`) dropped afterwards.
 * A fresh database is a copy of one migrated once per run (database-templates.ts); `create({ migrated: false })`
 * gives one without any migration, for the suites that test the migrations themselves.
 *
 * PostgreSQL is skipped only on a developer machine where it is not running. When `CI` is set an
 * unreachable server fails the PostgreSQL half of every suite instead of silently testing less.
 */
import crypto from 'node:crypto';
import path from 'node:path';
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

/**
 * The suites that run on PGlite as well as on PostgreSQL (decision 104). Both engines are PostgreSQL and speak the
 * same SQL; what differs is our adapter (api/src/db: parameters, types, transactions, errors; one connection on
 * PGlite's thread against pools of a server) and the few places that ask which engine they run on. Every other suite
 * runs on PostgreSQL only: PGlite, the product's default, also stands under every screen's suite and every journey
 * (their API runs on it), and its half of every API suite was 60 % of their time.
 * Paths from api/test; each with what it proves on PGlite.
 */
export const PGLITE_SUITES: Readonly<Record<string, string>> = {
  'database-adapter.test.ts': 'the adapter’s contract: values, parameters, transactions, errors, concurrent transactions',
  'migrations.test.ts': 'every migration applied to an empty database and again to a migrated one',
  'seed.test.ts': 'the demo data of a first start (arrays of every type as parameters)',
  'security/demo-accounts.test.ts': 'the first start of the product as `npm start` runs it',
  'security/data-dir.test.ts': 'the data folder PGlite keeps',
  'closing.test.ts': 'a shutdown with requests and jobs in flight',
  'loyalty-cards.test.ts': 'the cards’ routes end to end',
  'points.test.ts': 'points, idempotency keys and their races',
  'sales.test.ts': 'the sale in one statement (record_sale) and its races',
  'rewards.test.ts': 'redemptions, replays and the stamps program',
  'rewards-sweep.test.ts': 'the background sweep on the one connection',
  'csv-import.test.ts': 'the import, whose bulk path differs by engine',
  'csv-export.test.ts': 'the export’s cursor',
  'messaging-queue.test.ts': 'jobs claimed on the one connection the requests share',
  'jobs-plugin.test.ts': 'the workers and the scheduler on the one connection',
  'security/users-create-race.test.ts': 'concurrent creations serialized on one connection',
  'security/unstorable-characters.test.ts': 'text the engine refuses to store',
  'security/login-burst.test.ts': 'the hashing queue sized by engine',
  'security/load-shedding.test.ts': 'shedding while statements run on the request thread',
  'security/expensive-calls.test.ts': 'no anonymous call holding the thread the database runs on',
  'security/anonymous-routes-latency.test.ts': 'the same, under a flood (serial phase)',
  'security/csv-import-latency.test.ts': 'an import beside the health probe (serial phase)',
  'security/hashing-flood.test.ts': 'a hashing flood (serial phase)',
  'security/login-flood.test.ts': 'a login flood (serial phase)',
};

export type DatabaseChoice = 'both' | 'pglite' | 'postgres';

/**
 * TEST_DATABASES: `both` runs every suite on both engines (a change to api/src/db, or a release), `pglite` or
 * `postgres` every suite on one; unset, the split above.
 */
export function databaseChoice(): DatabaseChoice | undefined {
  const value = process.env.TEST_DATABASES?.trim();
  if (!value) return undefined;
  if (value !== 'both' && value !== 'pglite' && value !== 'postgres') throw new Error(`TEST_DATABASES must be both, pglite or postgres (got "${value}")`);
  return value;
}

/** The variants a suite runs on (its path relative to api/test). */
export function variantsFor(suite: string): DatabaseVariant[] {
  const choice = databaseChoice();
  const pglite = choice === 'both' || choice === 'pglite' || (choice === undefined && suite in PGLITE_SUITES);
  const postgres = choice !== 'pglite';
  return [...(pglite ? [pgliteVariant] : []), ...(postgres ? [postgresVariant] : [])];
}

function currentSuite(): string {
  const testPath = expect.getState().testPath;
  if (!testPath) throw new Error('describeEachDatabase: no test file (called outside a Jest suite)');
  return path.relative(path.join(__dirname, '..'), testPath).split(path.sep).join('/');
}

/**
 * `describe.each` over the database variants of this suite (`variantsFor`). Where PostgreSQL cannot run (a
 * developer machine without it, never CI) the suite runs on PGlite and the PostgreSQL half is reported as skipped.
 */
export function describeEachDatabase(title: string, body: (variant: DatabaseVariant) => void): void {
  const skipReason = postgresSkipReason();
  const variants = skipReason ? [pgliteVariant] : variantsFor(currentSuite());
  describe.each(variants)(`${title} [$name]`, body);
  if (skipReason) {
    describe.skip(`${title} [PostgreSQL skipped: ${skipReason}]`, () => {
      it.todo('runs when PostgreSQL is reachable');
    });
  }
}
