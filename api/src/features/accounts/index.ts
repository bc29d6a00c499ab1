import type { Feature } from '../feature';
import managementRoutes from './management-routes';
import accountsPlugin from './plugin';
import recoveryRoutes from './recovery-routes';
import sessionEventsRoutes from './session-events';
import { createAccountsRepository } from './repository';

/** Accounts (decision 071): password recovery, user management and its audit. */
export default {
  repositories: (db) => ({ accounts: createAccountsRepository(db) }),
  plugin: accountsPlugin,
  routes: [
    ['/auth', recoveryRoutes],
    ['/auth', sessionEventsRoutes],
    ['/accounts', managementRoutes],
  ],
} satisfies Feature;
