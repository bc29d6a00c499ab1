/**
 * The features' registry: every feature of the API, once. Each folder's index.ts says what it registers (its
 * repositories, its plugin, its route modules: features/feature.ts); the app builds `app.repos` and its routes from
 * this list alone. A new feature is its folder, one line here, a migration and its rows in the authorization matrix
 * (api/test/authorization.test.ts). The infrastructure (db/, plugins/, lib/, routes/, the config) never imports a
 * feature: the app hands it what it needs from here (docs/decisions/065-api-feature-folders.md).
 */
import type { Queryable } from '../db';
import type { RouteModule } from '../routes';
import accounts from './accounts';
import automations from './automations';
import businesses from './businesses';
import campaigns from './campaigns';
import cards from './cards';
import consents from './consents';
import customer from './customer';
import type { Feature } from './feature';
import importExport from './import-export';
import messaging from './messaging';
import rewards from './rewards';
import team from './team';
import users from './users';
import wallet from './wallet';

/**
 * In the order their plugins are registered and their routes listed: a plugin comes after the plugins it
 * depends on. The job queues stop in this order too (plugins/jobs.ts): the messaging worker, then the wallets'.
 */
const REGISTRY = [users, businesses, cards, messaging, rewards, wallet, campaigns, customer, consents, importExport, team, accounts, automations] as const;

export const FEATURES: readonly Feature[] = REGISTRY;

/** Every feature's route modules, in the registry's order. */
export const FEATURE_ROUTES: readonly RouteModule[] = FEATURES.flatMap((feature) => feature.routes ?? []);

type RepositoriesOf<F> = F extends { repositories: (db: Queryable) => infer R } ? R : never;
type Intersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/** Every feature's repositories by name (`users`, `loyaltyCards`, `consents`…). */
export type Repositories = Intersection<RepositoriesOf<(typeof REGISTRY)[number]>>;

/** Every repository over one connection (the pool, or a transaction). Two features never name one alike. */
export function createRepositories(db: Queryable): Repositories {
  const repositories: Record<string, unknown> = {};
  for (const feature of FEATURES) {
    for (const [name, repository] of Object.entries(feature.repositories?.(db) ?? {})) {
      if (name in repositories) throw new Error(`two features register the repository '${name}'`);
      repositories[name] = repository;
    }
  }
  return repositories as Repositories;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository over the pool (the db plugin builds them with `createRepositories`). */
    repos: Repositories;
    /** Every repository over another connection: a transaction's. */
    reposOf(db: Queryable): Repositories;
  }
}
