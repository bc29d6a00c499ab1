import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import type { Queryable } from '../db';
import type { RouteModule } from '../routes';
import type { MessageDriver } from './messaging/types';

/** What the app hands the features' plugins: the parts of its options (app.ts `AppOptions`) that are theirs. */
export interface FeatureOptions {
  /** Replaces every messaging driver (tests: a fake that never touches the network). */
  messagingDriver?: MessageDriver;
  /** The Twilio SDK's HTTP layer (tests: a `RequestClient` pointed at a local stand-in of Twilio's API). */
  twilioHttpClient?: unknown;
  /** A CA the APNs client trusts besides the system's (tests: a local stand-in of APNs). */
  walletApnsCa?: string;
}

/**
 * What a feature registers: the default export of its folder's index.ts, listed once in the registry
 * (features/index.ts). Each part is optional.
 */
export interface Feature {
  /** Its repositories (its SQL) over a connection, each under its name in `app.repos` and `app.reposOf(tx)`. */
  repositories?: (db: Queryable) => Record<string, unknown>;
  /**
   * Its app-wide part (decorations, background work): a plugin wrapped in fastify-plugin, so what it decorates
   * is the app's. Registered after the infrastructure's plugins and before any route, in the registry's order.
   * Its job queues and scheduled tasks it registers with `app.jobs` (plugins/jobs.ts), which runs them all.
   */
  plugin?: FastifyPluginAsync<FeatureOptions> | FastifyPluginCallback<FeatureOptions>;
  /** Its route modules, each with the URL segment it serves under /api. */
  routes?: readonly RouteModule[];
}
