import fp from 'fastify-plugin';
import { createDb, type Db } from '../db';
import { migrate } from '../db/migrate';
import { createRepositories, type Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repos: Repositories;
  }
}

/** Opens the database named by the config, brings its schema up to date and exposes the repositories. */
export default fp(
  async (app) => {
    const db = await createDb(app.config.database, {
      onIdleError: (err) => app.log.error({ err }, 'database connection lost'),
    });
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrations applied');
    } catch (error) {
      await db.close();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('repos', createRepositories(db));
    app.addHook('onClose', () => db.close());
  },
  { name: 'db' },
);
