import type { Feature } from '../feature';
import { createBonusRepository } from './bonus-repository';
import { createBusinessesRepository } from './repository';
import businessRoutes from './routes';
import settingsRoutes from './settings-routes';

/** The shops: their records, admins, service switches and the bonus threshold (its preview and change). */
export default {
  repositories: (db) => ({ businesses: createBusinessesRepository(db), bonus: createBonusRepository(db) }),
  routes: [
    ['/business', businessRoutes],
    ['/settings', settingsRoutes],
  ],
} satisfies Feature;
