import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEMO_ACCOUNTS, seedDemoData } from './demo';
import { ensureSuperAdmin } from './super-admin';

export interface DemoAccountsFile {
  /** The demo accounts of this database that accept their published password (`DEMO_ACCOUNTS`): none outside a local try-out. */
  accounts: { role: string; email: string }[];
  /** `AppConfig.localTryOut`: false, the published passwords are refused whatever the database holds. */
  localTryOut: boolean;
}

/** Demo accounts present in the database whose password is still the published one. */
async function demoAccountsWithPublishedPassword(app: FastifyInstance): Promise<(DemoAccountsFile['accounts'][number] & { id: string })[]> {
  const found = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await app.repos.users.findCredentialsByEmail(account.email);
    // Only an existing account costs a password check: a database without demo data pays one query each.
    if (user?.password_hash && (await app.passwords.verify(user.password_hash, account.password))) {
      found.push({ id: user.id, role: user.role, email: account.email });
    }
  }
  return found;
}

function writeDemoAccountsFile(file: string, content: DemoAccountsFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file); // the start script never reads half a file
}

/**
 * Start-up data: the configured super admin, then the demo data when the config asks for it (see
 * `SEED_DEMO` in config.ts). Then, for `npm start`'s banner (`DEMO_ACCOUNTS_FILE`) and for operators, which
 * demo accounts can log in with their published passwords.
 */
export default fp(
  async (app) => {
    const { superAdmin, seedDemo, demoAccountsFile, localTryOut } = app.config;
    const wasEmpty = (await app.repos.users.count()) === 0;
    if (!localTryOut) {
      app.log.info('no demo data or demo logins: the API or the static servers listen beyond this machine (API_HOST, HOST) or NODE_ENV is production');
    }

    if (superAdmin && (await ensureSuperAdmin(app.repos.users, app.passwords, superAdmin))) {
      app.log.info({ email: superAdmin.email }, 'super admin account created');
    }
    let seeded = false;
    if (seedDemo === true || (seedDemo === 'auto' && wasEmpty)) {
      seeded = await seedDemoData(app.db, (password) => app.passwords.hash(password), app.clock());
      if (seeded) app.log.info('demo data seeded');
    }
    if (wasEmpty && !superAdmin && !seeded) {
      app.log.warn('the database has no account yet: set SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD to create the first super admin');
    }

    if (demoAccountsFile || seedDemo === false) {
      const accounts = await demoAccountsWithPublishedPassword(app);
      if (!localTryOut && accounts.length > 0) {
        // Left by an earlier local run. Their logins are refused (features/users/login.ts); sessions opened back then end.
        for (const account of accounts) {
          await app.repos.users.bumpTokenVersion(account.id);
          app.sessions.forgetUser(account.id);
        }
        app.log.warn(
          { accounts: accounts.map((a) => a.email) },
          'demo accounts with their published passwords exist on an instance reachable from other machines or with NODE_ENV=production: ' +
            'their logins are refused and their sessions ended; change their passwords (from a local start) or delete them',
        );
      } else if (seedDemo === false && accounts.length > 0) {
        app.log.warn(
          { accounts: accounts.map((a) => a.email) },
          'demo accounts with their published passwords exist although demo data is off: change their passwords or delete them',
        );
      }
      if (demoAccountsFile) {
        writeDemoAccountsFile(demoAccountsFile, { accounts: localTryOut ? accounts.map(({ role, email }) => ({ role, email })) : [], localTryOut });
      }
    }
  },
  { name: 'initial-data', dependencies: ['db', 'auth'] },
);
