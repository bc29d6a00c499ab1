import type { Feature } from '../feature';
import { createCampaignsRepository } from './repository';
import campaignRoutes from './routes';

/** Campaigns: their records and the segments they reach (their sending is the messaging feature's). */
export default {
  repositories: (db) => ({ campaigns: createCampaignsRepository(db) }),
  routes: [['/campaigns', campaignRoutes]],
} satisfies Feature;
