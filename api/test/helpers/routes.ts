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
  /** The zod schemas themselves, per part (for suites that walk them deeper than the JSON Schema's top level). */
  schemas: Partial<Record<InputPart, z.ZodType>>;
  /**
   * An `onRequest` hook of the route asks for a session: `app.authenticate` (staff and clients) or the customer
   * page's `authenticateCustomer`, the API's two session checks, both named `authenticate…`. Anything else is
   * open to an anonymous caller.
   */
  authenticated: boolean;
}

function fields(schema: unknown): InputField[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, FieldSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({ name, schema: field, required: json.required?.includes(name) ?? false }));
}

/** Whether one of the route's onRequest hooks is a session check (see `RouteInputs.authenticated`). */
const asksForSession = (route: RouteOptions) => [route.onRequest ?? []].flat().some((hook) => typeof hook === 'function' && hook.name.startsWith('authenticate'));

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
    schemas: Object.fromEntries((['params', 'querystring', 'headers', 'body'] as const).filter((part) => schema[part]).map((part) => [part, schema[part]])),
    authenticated: asksForSession(route),
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

/** A field inside an input: object keys, and 0 for "any item" of an array (`['recipients', 0, 'email']`). */
export type FieldPath = (string | number)[];

/** The zod internals the walk reads (zod 4's `_zod.def`). */
interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Every field a schema declares, however deep: each object key, each array's items (as index 0), through
 * optional, nullable, default, pipes (preprocess, transforms), unions and intersections. A type the walk
 * does not know fails loudly, so a new kind of schema cannot hide its fields from the suites that use it.
 */
export function fieldPaths(schema: z.ZodType, prefix: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 20) throw new Error(`schema nested deeper than 20 levels at ${prefix.join('.')}`);
  const def = defOf(schema);
  const deeper = (inner: z.ZodType | undefined, at: FieldPath = prefix) => (inner ? fieldPaths(inner, at, depth + 1) : []);
  switch (def.type) {
    case 'object':
      // A catchall's keys are not declared: they are named by the fallback label (see src/validation.ts).
      return Object.entries(def.shape ?? {}).flatMap(([key, inner]) => [[...prefix, key], ...deeper(inner, [...prefix, key])]);
    case 'array':
      return [[...prefix, 0], ...deeper(def.element, [...prefix, 0])];
    case 'tuple':
      return (def.items ?? []).flatMap((item, i) => [[...prefix, i], ...deeper(item, [...prefix, i])]);
    case 'record':
      throw new Error(`a record at ${prefix.join('.') || 'the top'}: its keys need a rule for their labels`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return deeper(def.innerType);
    case 'pipe':
      return dedupe([...deeper(def.in), ...deeper(def.out)]);
    case 'union':
      return dedupe((def.options ?? []).flatMap((option) => deeper(option)));
    case 'intersection':
      return dedupe([...deeper(def.left), ...deeper(def.right)]);
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'date':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
    case 'transform':
    case 'any':
    case 'unknown':
      return [];
    default:
      throw new Error(`schema type ${def.type} at ${prefix.join('.') || 'the top'} is not walked: teach fieldPaths about it`);
  }
}

function dedupe(paths: FieldPath[]): FieldPath[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
