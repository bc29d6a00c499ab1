import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureDataDir } from '../data-dir';
import { createDb, type Db, type Queryable } from '../db';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  /**
   * Every feature's repositories over a connection: the features' registry (features/index.ts), handed in by
   * the app, which also declares `app.repos` and `app.reposOf`. The infrastructure names no feature.
   */
  createRepositories: (db: Queryable) => FastifyInstance['repos'];
}

/** Folders 700 and files 600 in `DATA_DIR`, once the database is open and migrated (see data-dir.ts). */
function secureDataFolder(app: FastifyInstance): void {
  const { dataDir } = app.config;
  const result = secureDataDir(dataDir);
  if (result.changed > 0) {
    app.log.info({ dataDir, changed: result.changed, ms: Math.round(result.elapsedMs) }, 'data folder closed to other users (folders 700, files 600)');
  }
  if (result.failed.length > 0) {
    app.log.warn({ dataDir, count: result.failed.length, failed: result.failed.slice(0, 10) }, 'could not restrict the modes of some files in the data folder');
  }
}

/**
 * Opens the database named by the config, brings its schema up to date and exposes the repositories. Then
 * closes the data folder to other users: PGlite's files, and the secrets kept there with either database.
 */
export default fp<DbPluginOptions>(
  async (app, { createRepositories }) => {
    const db = await createDb(app.config.database, {
      onIdleError: (err) => app.log.error({ err }, 'database connection lost'),
    });
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrations applied');
      secureDataFolder(app);
    } catch (error) {
      await db.close();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('repos', createRepositories(db));
    app.decorate('reposOf', createRepositories);
    app.addHook('onClose', () => db.close());
  },
  { name: 'db' },
);
