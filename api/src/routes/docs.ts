import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the route schemas. */
const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The document as JSON text, made once. Making it walks every route's schemas (hundreds of milliseconds on a
   * busy machine) and its text is ~200 KB: a public route must not do either per request. It is made when the
   * server starts listening (an app that is only injected, in tests, makes it at its first request).
   */
  let document: Buffer | null = null;
  const documentJson = () => (document ??= Buffer.from(JSON.stringify(app.swagger())));
  app.addHook('onListen', async () => void documentJson());

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(documentJson()));
  app.get('', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/api/docs/openapi.json'));
};

export default docsRoutes;
