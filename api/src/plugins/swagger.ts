import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { EMPTY_RESPONSES, errorResponses } from '../schemas/common';

type Transform = typeof jsonSchemaTransform;
type TransformObject = typeof jsonSchemaTransformObject;
type Document = ReturnType<TransformObject> & { components?: { schemas?: Record<string, unknown> } };

/**
 * A route's `operationId` when it names none: its method and path, e.g. `GET /api/loyalty-cards/business/{id}/export.csv`
 * → `getLoyaltyCardsBusinessByIdExportCsv`. Derived, not listed, so a new route needs nothing outside its feature
 * folder; the method and path are unique, so the names are, and they change only when the route does.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment)?.[1];
      return param ? `by-${param}` : segment;
    })
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/**
 * Every route's part of the document, as fastify-type-provider-zod writes it from the zod schemas, plus what a
 * generated client needs: an `operationId`, and `security: []` on the routes that declare none — they are public;
 * the authorization matrix proves that an anonymous caller is refused with 401 exactly where the document
 * declares a security scheme.
 */
const transform: Transform = (input) => {
  // What fastify answers before the route's handler runs, declared for every route it can happen to: 414 for a
  // path parameter over the router's limit, 404 for one that makes the path name no route (`..`) and 400 for a broken
  // percent-encoding (`%`), 413 and 415 for a body too large or of a type the route does not take,
  // 429 where the route has a rate limit (all with the Italian `{ error }` of plugins/errors.ts).
  const declared = (input.schema?.response ?? {}) as Record<string, unknown>;
  const takesBody = Boolean(input.schema?.body || input.schema?.consumes);
  const limited = Boolean((input.route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const implied = [...(input.schema?.params ? [400, 404, 414] : []), ...(takesBody ? [413, 415] : []), ...(limited ? [429] : [])].filter((status) => !declared[status]);
  if (input.schema && implied.length > 0) return transform({ ...input, schema: { ...input.schema, response: { ...declared, ...errorResponses(...implied) } } });
  // Answers without a body (`emptyResponse`): what @fastify/swagger writes as a response with no content is `type: 'null'`.
  const response = (input.schema?.response ?? {}) as Record<string, object>;
  const empty = Object.entries(response).filter(([, schema]) => EMPTY_RESPONSES.has(schema));
  if (empty.length > 0) {
    const out = transform({ ...input, schema: { ...input.schema, response: Object.fromEntries(Object.entries(response).filter(([, schema]) => !EMPTY_RESPONSES.has(schema))) } });
    const written = Object.fromEntries(empty.map(([status, schema]) => [status, { type: 'null', description: (schema as { description?: string }).description }]));
    return { ...out, schema: { ...out.schema, response: { ...((out.schema as { response?: object }).response ?? {}), ...written } } };
  }
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return out;
  const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
  schema.operationId ??= operationIdOf(method, out.url);
  schema.security ??= [];
  // A route that takes a file (`consumes` without a body schema, like the card import): the body is the file itself.
  const consumes = input.schema?.consumes as string[] | undefined;
  if (consumes && !schema.body) {
    const file = (type: string) => (type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' });
    schema.body = { content: Object.fromEntries(consumes.map((type) => [type, { schema: file(type) }])) };
  }
  return out;
};

/**
 * The whole document, without the request-side twin (`LoyaltyCardInput`) that fastify-type-provider-zod writes for
 * every named schema where nothing refers to it (the named schemas are answers), and with the server it is
 * served from (paths start with /api, on the origin that serves the document).
 */
const transformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as Document;
  return withFieldFormats({ ...withoutUnusedInputs(document), servers: [{ url: '/', description: 'Il server che pubblica questo documento' }] });
};

/** The formats of the fields every answer names the same way (their values are checked where they are written). */
const FIELD_FORMATS: [RegExp, Record<string, string>][] = [
  [/^(email|customeremail|actor_email|target_email)$/, { format: 'email' }],
  [/^brand_color$/, { pattern: '^#[0-9a-f]{6}$' }],
];

/**
 * The document with `format: email` on every e-mail field and the `#rrggbb` pattern on every shop colour of the
 * answers (the components), for a generated client's types and checks; the contract tests check real answers
 * against them. Phones stay described as E.164 without a pattern: a number stored before the rule is answered as written.
 */
function withFieldFormats<D extends { components?: { schemas?: Record<string, unknown> } }>(document: D): D {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
    if (properties) {
      for (const [name, schema] of Object.entries(properties)) {
        const format = FIELD_FORMATS.find(([pattern]) => pattern.test(name))?.[1];
        const types = ([] as unknown[]).concat(schema.type);
        if (format && types.includes('string') && !schema.format && !schema.pattern) Object.assign(schema, format);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document.components?.schemas);
  return document;
}

export function withoutUnusedInputs<D extends { components?: { schemas?: Record<string, unknown> } }>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  // The names a value refers to, read once per schema (searching the whole document once per pair of schemas
  // took ~0.2 s per document).
  const referred = (value: unknown) => new Set(Array.from(JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g), (m) => m[1]));
  const rest = { ...document, components: { ...document.components, schemas: {} } };
  // An input twin the paths or a kept schema refer to is kept, with what it refers to.
  const fromPaths = referred(rest);
  const kept = new Set(Object.keys(schemas).filter((name) => !name.endsWith('Input') || fromPaths.has(name)));
  for (const pending = [...kept]; pending.length > 0; ) {
    for (const name of referred(schemas[pending.pop()!])) {
      if (kept.has(name) || !(name in schemas)) continue;
      kept.add(name);
      pending.push(name);
    }
  }
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name))) } };
}

/**
 * Collects every route's zod schemas into an OpenAPI document (served by routes/docs.ts). A schema given an
 * id with `.meta({ id })` (the answers' entities: `LoyaltyCard`, `Campaign`…) becomes a named component the
 * routes refer to; the frontends' types are generated from these (`npm run api:types`, decision 033). The
 * document is a contract (decision 076): `@redocly/cli lint` passes it, and the authorization matrix checks every
 * answer it gets against it.
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
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            metricsToken: { type: 'http', scheme: 'bearer', description: 'Il `METRICS_TOKEN` del deployment (decisione 087)' },
            applePass: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'PassKit: `ApplePass <token del pass>`' },
          },
        },
      },
      transform,
      transformObject,
    });
  },
  { name: 'swagger' },
);
