import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the route schemas. */
const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/api/docs/openapi.json'));
};

export default docsRoutes;
