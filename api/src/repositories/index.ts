import type { Queryable } from '../db';
import { createBonusRepository } from './bonus';
import { createBusinessesRepository } from './businesses';
import { createCampaignsRepository } from './campaigns';
import { createConsentsRepository } from './consents';
import { createExportsRepository } from './exports';
import { createLoginAttemptsRepository } from './login-attempts';
import { createLoyaltyCardsRepository } from './loyalty-cards';
import { createMessagingSettingsRepository } from './messaging-settings';
import { createRewardsRepository } from './rewards';
import { createUsersRepository } from './users';

/** Every repository over one connection (the pool, or a transaction). */
export function createRepositories(db: Queryable) {
  return {
    users: createUsersRepository(db),
    businesses: createBusinessesRepository(db),
    loyaltyCards: createLoyaltyCardsRepository(db),
    campaigns: createCampaignsRepository(db),
    messagingSettings: createMessagingSettingsRepository(db),
    loginAttempts: createLoginAttemptsRepository(db),
    bonus: createBonusRepository(db),
    rewards: createRewardsRepository(db),
    exports: createExportsRepository(db),
    consents: createConsentsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
