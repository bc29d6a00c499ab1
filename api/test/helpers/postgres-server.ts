/** Where the PostgreSQL used by the tests lives. Shared by global-setup.ts and databases.ts. */
export const POSTGRES_URL_ENV = 'API_TEST_POSTGRES_URL';
export const POSTGRES_STATUS_ENV = 'API_TEST_POSTGRES_STATUS';

/**
 * Connection URLs to try for creating throw-away databases: TEST_DATABASE_URL when set, else the CI
 * server (127.0.0.1:5432, trust auth, user postgres) through its `postgres` or `test` database.
 */
export function postgresAdminUrls(): string[] {
  const configured = process.env.TEST_DATABASE_URL?.trim();
  return configured ? [configured] : ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://postgres@127.0.0.1:5432/test'];
}
