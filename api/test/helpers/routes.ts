/**
 * The routes an app serves, with the inputs each declares, read from the app itself (an `onRoute` hook)
 * rather than from a list in a test: a new route is seen by the suites that use this without any edit.
 */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { App } from '../../src/app';

/** The JSON Schema (input side) of one declared field, as the OpenAPI document shows it. */
export interface FieldSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: FieldSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
}

export interface InputField {
  name: string;
  schema: FieldSchema;
  required: boolean;
}

export type InputPart = 'params' | 'querystring' | 'headers' | 'body';

export interface RouteInputs {
  method: string;
  url: string;
  /** Declared fields per part; `body` is null when the route declares no body. */
  params: InputField[];
  querystring: InputField[];
  headers: InputField[];
  body: InputField[] | null;
  /** The route takes a form (`consumes`), like Twilio's webhooks. */
  takesForm: boolean;
}

function fields(schema: unknown): InputField[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, FieldSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({ name, schema: field, required: json.required?.includes(name) ?? false }));
}

function describeRoute(method: string, route: RouteOptions): RouteInputs {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; headers?: unknown; body?: unknown; consumes?: string[] };
  // A path parameter without a schema is still an input.
  const declared = fields(schema.params);
  const inPath = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = inPath.map((name) => declared.find((f) => f.name === name) ?? { name, schema: { type: 'string' }, required: true });
  return {
    method,
    url: route.url,
    params,
    querystring: fields(schema.querystring),
    headers: fields(schema.headers),
    body: schema.body ? fields(schema.body) : null,
    takesForm: schema.consumes?.includes('application/x-www-form-urlencoded') ?? false,
  };
}

/** Fills `into` with every route the app registers from now on (call it before `ready`, e.g. as startTestApp's `prepare`). HEAD routes are Fastify's copies of the GET ones. */
export function collectRoutes(app: App, into: RouteInputs[]): void {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') into.push(describeRoute(method, route));
    }
  });
}
