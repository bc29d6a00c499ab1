import type { FastifyPluginAsync } from 'fastify';
import docsRoutes from './docs';
import healthRoutes from './health';
import metricsRoutes from './metrics';
import { named } from './named';

/** A route module and the URL segment it serves under /api (several modules may share one segment). */
export type RouteModule = [prefix: string, plugin: FastifyPluginAsync];

export interface RoutesOptions {
  /** The features' route modules, from their registry (features/index.ts), which the app hands in. */
  modules: readonly RouteModule[];
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
