import fp from 'fastify-plugin';
import { seedDemoData } from '../seed/demo';
import { ensureSuperAdmin } from '../seed/super-admin';

/** Start-up data: the configured super admin, then the demo data when the config asks for it. */
export default fp(
  async (app) => {
    const { superAdmin, seedDemo } = app.config;
    const wasEmpty = (await app.repos.users.count()) === 0;

    if (superAdmin && (await ensureSuperAdmin(app.repos.users, app.passwords, superAdmin))) {
      app.log.info({ email: superAdmin.email }, 'super admin account created');
    }
    if (seedDemo === true || (seedDemo === 'auto' && wasEmpty)) {
      if (await seedDemoData(app.db, (password) => app.passwords.hash(password), app.clock())) {
        app.log.info('demo data seeded');
      }
    }
  },
  { name: 'initial-data', dependencies: ['db', 'auth'] },
);
