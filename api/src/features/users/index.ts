import type { Feature } from '../feature';
import authRoutes from './auth-routes';
import { createLoginAttemptsRepository } from './login-attempts-repository';
import { createUsersRepository } from './repository';
import userRoutes from './routes';

/** Users and their sessions: login, password change, the user lists, a card's signup (it creates the client). */
export default {
  repositories: (db) => ({ users: createUsersRepository(db), loginAttempts: createLoginAttemptsRepository(db) }),
  routes: [
    ['/auth', authRoutes],
    ['/users', userRoutes],
  ],
} satisfies Feature;
