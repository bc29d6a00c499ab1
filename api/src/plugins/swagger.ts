import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * Collects every route's zod schemas into an OpenAPI document (served by routes/docs.ts). A schema given an
 * id with `.meta({ id })` (the answers' entities: `LoyaltyCard`, `Campaign`…) becomes a named component the
 * routes refer to; the frontends' types are generated from these (`npm run api:types`, decision 033).
 */
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
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'swagger' },
);
