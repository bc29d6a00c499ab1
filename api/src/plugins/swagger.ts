import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Collects every route's zod schemas into an OpenAPI document (served by routes/docs.ts). */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'API carte fedeltà',
          description: 'API della piattaforma di carte fedeltà. Errori: `{ "error": "<messaggio in italiano>" }`.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'swagger' },
);
