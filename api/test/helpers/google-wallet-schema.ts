/**
 * Google's published schema of a loyalty object and class: the part of the Wallet Objects API discovery document
 * (walletobjects:v1) that LoyaltyObject and LoyaltyClass reach, vendored unchanged in
 * fixtures/google-wallet/walletobjects-v1-loyalty.json (its `source` names where it comes from), turned into JSON
 * Schema for ajv the way Google reads its discovery types: `integer` with `format: int32` is a 32-bit integer (27.5
 * is refused), `string` with `format: int64` a string of digits, an `enum` is closed, and a field the schema does not
 * name is refused (Google answers 400 "Invalid JSON payload received. Unknown name").
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';

type DiscoverySchema = { [key: string]: unknown; $ref?: string; type?: string; format?: string; properties?: Record<string, DiscoverySchema>; items?: DiscoverySchema; additionalProperties?: DiscoverySchema };

const discovery = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/google-wallet/walletobjects-v1-loyalty.json'), 'utf8')) as { schemas: Record<string, DiscoverySchema> };

const INT_RANGES: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1] };

function toJsonSchema(schema: DiscoverySchema): Record<string, unknown> {
  if (schema.$ref) return { $ref: `#/definitions/${schema.$ref}` };
  const out: Record<string, unknown> = {};
  if (schema.type === 'any') return out;
  if (schema.type) out.type = schema.type;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  if (schema.type === 'integer' && schema.format && INT_RANGES[schema.format]) [out.minimum, out.maximum] = INT_RANGES[schema.format];
  if (schema.type === 'string' && (schema.format === 'int64' || schema.format === 'uint64')) out.pattern = schema.format === 'int64' ? '^-?[0-9]+$' : '^[0-9]+$';
  if (schema.type === 'object') {
    if (schema.properties) {
      out.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, toJsonSchema(property)]));
      out.additionalProperties = false;
    }
    if (schema.additionalProperties) out.additionalProperties = toJsonSchema(schema.additionalProperties);
  }
  if (schema.type === 'array' && schema.items) out.items = toJsonSchema(schema.items);
  return out;
}

const definitions = Object.fromEntries(Object.entries(discovery.schemas).map(([name, schema]) => [name, toJsonSchema(schema)]));
const ajv = new Ajv({ allErrors: true, strict: true });
const compile = (name: string) => ajv.compile({ definitions, $ref: `#/definitions/${name}` });

export const googleLoyaltyObjectSchema: ValidateFunction = compile('LoyaltyObject');
export const googleLoyaltyClassSchema: ValidateFunction = compile('LoyaltyClass');

/** The schema's complaints about `value` as a `kind` ([] when valid), readable in a failed expectation. */
export function googleSchemaErrors(kind: 'LoyaltyObject' | 'LoyaltyClass', value: unknown): string[] {
  const validate = kind === 'LoyaltyObject' ? googleLoyaltyObjectSchema : googleLoyaltyClassSchema;
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
