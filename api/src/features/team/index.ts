import type { Feature } from '../feature';
import { createTeamRepository } from './repository';
import { invitationRoutes, teamRoutes } from './routes';

/** Decision 070: the people who work in a shop besides its owner (co-admins, counter staff) and their invitations. */
export default {
  repositories: (db) => ({ team: createTeamRepository(db) }),
  routes: [
    ['/team', teamRoutes],
    ['/invitations', invitationRoutes],
  ],
} satisfies Feature;
