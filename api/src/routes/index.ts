import type { FastifyPluginAsync } from 'fastify';
import docsRoutes from './docs';
import healthRoutes from './health';
import metricsRoutes from './metrics';

/** A route module and the URL segment it serves under /api (several modules may share one segment). */
export type RouteModule = [prefix: string, plugin: FastifyPluginAsync];

export interface RoutesOptions {
  /** The features' route modules, from their registry (features/index.ts), which the app hands in. */
  modules: readonly RouteModule[];
}

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a route module the name Fastify shows it by in its plugin tree (`app.printPlugins()`). A plugin without
 * one, Fastify looks for among every loaded module's exports (`require.cache`), once per registration: under
 * Jest, whose `require.cache` is a proxy over the suite's ~1 200 modules, that cost about 2 ms a plugin and
 * 0.1 s an app, in every suite (measured with a CPU profile: 446 ms of a 7 s suite).
 */
export function named<P extends (...args: never[]) => unknown>(prefix: string, plugin: P): P {
  const target = plugin as P & { [DISPLAY_NAME]?: string };
  target[DISPLAY_NAME] ??= `${prefix} ${plugin.name || 'routes'}`;
  return plugin;
}

/** The API's own routes, which belong to no feature: the health check, the operators' metrics and the OpenAPI document. */
const API_ROUTES: RouteModule[] = [
  ['/health', healthRoutes],
  ['/metrics', metricsRoutes],
  ['/docs', docsRoutes],
];

/** Every route under /api: the features' modules, each under its prefix, then the API's own. */
const routes: FastifyPluginAsync<RoutesOptions> = async (app, { modules }) => {
  for (const [prefix, plugin] of [...modules, ...API_ROUTES]) await app.register(named(prefix, plugin), { prefix });
};
named('/api', routes);

export default routes;
