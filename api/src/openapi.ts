/**
 * The API's OpenAPI document without a server or a database of one's own: the app as `server.ts` builds
 * it, on an in-memory PGlite, with no seed, no job worker and no logs; its routes' zod schemas are what
 * `GET /api/docs/openapi.json` serves. `npm run api:types` turns it into the frontends' types (decision 033).
 */
import crypto from 'node:crypto';
import { buildApp } from './app';
import { parseEnv, type AppConfig, type DatabaseConfig } from './config';

export type OpenApiDocument = ReturnType<ReturnType<typeof buildApp>['swagger']>;

function documentConfig(database: DatabaseConfig): AppConfig {
  const env = parseEnv({});
  return {
    ...env,
    database,
    // A folder that does not exist: the data folder of a real start (its modes, its secrets) is left alone.
    dataDir: '/nonexistent-openapi-document-data-dir',
    // Never written: nothing signs a token while the document is built.
    jwtSecret: crypto.randomBytes(48).toString('base64url'),
    seedDemo: false,
    superAdmin: null,
    logLevel: 'silent',
    messaging: { worker: { enabled: false } },
  };
}

/** `database`: an in-memory PGlite made by initdb unless told (a test hands in its run's migrated copy). */
export async function buildOpenApiDocument(database: DatabaseConfig = { kind: 'pglite', dataDir: null }): Promise<OpenApiDocument> {
  const app = buildApp(documentConfig(database));
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}
