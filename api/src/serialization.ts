/**
 * Fast response serialisation for the hot routes (docs/decisions/014-api-serialisation.md).
 *
 * The default serializer of fastify-type-provider-zod re-validates every answer with zod (`safeEncode`)
 * and then calls `JSON.stringify`: for a page of 50 cards that is most of the request's CPU. A hot route
 * sets `serializerCompiler: fastSerializerCompiler`: the same zod response schema (still the source of
 * the types and of the OpenAPI document) is turned into JSON Schema once, at startup, and compiled with
 * fast-json-stringify. Same JSON, keys in schema order, unknown keys dropped, as zod's encoder does; what
 * goes away is the re-validation of formats (ISO timestamps, dates) the database layer already guarantees.
 */
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Keywords that only validate or document: fast-json-stringify does not need them to write the JSON. */
const DROPPED = new Set(['$schema', 'description', 'format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'enum', 'title', 'examples']);

/**
 * Simplifies zod's JSON Schema for fast-json-stringify: `anyOf: [X, { type: 'null' }]` (zod's nullable)
 * becomes `type: [X, 'null']` for a scalar X, which fast-json-stringify writes without trying branches.
 */
export function toSerializerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSerializerSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, prop]) => [name, toSerializerSchema(prop)]));
    } else out[key] = toSerializerSchema(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nonNull = anyOf.find((s) => s.type !== 'null');
    const hasNull = anyOf.some((s) => s.type === 'null' && Object.keys(s).length === 1);
    if (nonNull && hasNull && typeof nonNull.type === 'string' && !['object', 'array'].includes(nonNull.type)) {
      delete out.anyOf;
      Object.assign(out, nonNull, { type: [nonNull.type, 'null'] });
    }
  }
  return out;
}

/**
 * Metadata for the serializer's JSON Schema: none. With zod's global registry, the schemas named for the
 * OpenAPI document (`.meta({ id })`, plugins/swagger.ts) would come out as `$ref`s to definitions; everything
 * inline is what fast-json-stringify compiles best, and descriptions are dropped anyway.
 */
const NO_METADATA = z.registry<Record<string, unknown>>();

/** A function writing the JSON of values of the zod schema `schema`. */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = toSerializerSchema(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', metadata: NO_METADATA })) as JsonSchema;
  const anyOf = json.anyOf as JsonSchema[] | undefined;
  // An answer that is either a list or a page (the card list): pick the branch by shape, not by trying.
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'array') && anyOf.some((s) => s.type === 'object')) {
    const list = fastJson(anyOf.find((s) => s.type === 'array')!);
    const object = fastJson(anyOf.find((s) => s.type === 'object')!);
    return (data) => (Array.isArray(data) ? list(data) : object(data));
  }
  return fastJson(json);
}

/** Route option `serializerCompiler` of the hot routes: the zod response schemas, written by fast-json-stringify. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fastify's own type for a route's serializer compiler
export const fastSerializerCompiler: FastifySerializerCompiler<any> = ({ schema }) => compileSerializer(schema as z.ZodType);
