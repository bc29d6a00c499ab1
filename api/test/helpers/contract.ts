/**
 * The API document as a contract: whether an answer is one the OpenAPI document declares for its operation —
 * the status among the operation's responses, the content type among that response's, and a JSON body valid
 * against its schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it, formats checked). The authorization
 * matrix (valid requests, every kind of caller) and the fuzz (hostile values at every input) run every answer
 * they get through this.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

interface MediaType {
  schema?: object;
}
interface Response {
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, Response>;
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Record<string, unknown> }>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object>; securitySchemes?: Record<string, object> };
}

export interface Contract {
  /** The operation `METHOD /path/{template}` of the document, or undefined. */
  operation(route: string): Operation | undefined;
  /** What is wrong with `response` as an answer of `route` ('POST /api/x/{id}'), or null when the document declares it. */
  mismatch(route: string, response: LightMyRequestResponse): string | null;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation of the document as `METHOD /path`. */
export function documentedRoutes(document: ApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => HTTP_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

export function contractOf(document: ApiDocument): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'api', components: document.components ?? {} });
  const validators = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) {
      // References in the document point at '#/components/...': resolved against the document added as 'api'.
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')) as object;
      validate = ajv.compile(rebased);
      validators.set(schema, validate);
    }
    return validate;
  };
  const operation = (route: string) => {
    const [method, path] = route.split(' ');
    return document.paths[path]?.[method.toLowerCase()];
  };

  return {
    operation,
    mismatch(route, response) {
      const op = operation(route);
      if (!op) return `${route}: non è nel documento`;
      const status = String(response.statusCode);
      const declared = op.responses?.[status] ?? op.responses?.[`${status[0]}XX`];
      if (!declared) return `${route}: stato ${status} non dichiarato (dichiarati: ${Object.keys(op.responses ?? {}).join(', ')})`;
      const body = response.rawPayload;
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      if (!declared.content) {
        return body.length === 0 ? null : `${route}: ${status} ha un corpo (${contentType || 'senza tipo'}) ma il documento non ne dichiara`;
      }
      if (body.length === 0 && response.statusCode === 204) return null;
      const media = declared.content[contentType] ?? declared.content['*/*'];
      if (!media) return `${route}: ${status} con tipo ${contentType || '(nessuno)'} non dichiarato (dichiarati: ${Object.keys(declared.content).join(', ')})`;
      if (!media.schema || !contentType.endsWith('json')) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return `${route}: ${status} non è JSON valido`;
      }
      const validate = validatorOf(media.schema);
      if (validate(parsed)) return null;
      return `${route}: ${status} non rispetta lo schema: ${ajv.errorsText(validate.errors, { dataVar: 'corpo' })}`;
    },
  };
}
