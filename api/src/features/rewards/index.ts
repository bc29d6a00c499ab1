import type { Feature } from '../feature';
import rewardsPlugin from './plugin';
import { createRewardsRepository } from './repository';
import { createPromotionsRepository } from './promotions-repository';
import { cardRewardRoutes, promotionRoutes, rewardRoutes } from './routes';

/** The rewards catalogue and program, redemption, and the sweep (expiries, reminders, birthdays, consent lapses). */
export default {
  repositories: (db) => ({ rewards: createRewardsRepository(db), promotions: createPromotionsRepository(db) }),
  plugin: rewardsPlugin,
  routes: [
    // The catalogue and the program; redemption lives under the card it changes.
    ['/rewards', rewardRoutes],
    ['/rewards', promotionRoutes],
    ['/loyalty-cards', cardRewardRoutes],
  ],
} satisfies Feature;
