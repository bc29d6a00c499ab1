/**
 * The API's request and answer types, read from its OpenAPI document (decision 033). `openapi.gen.ts`
 * is generated from the API's route schemas by `npm run api:types` (not committed; `npm run typecheck`
 * writes it first): a route that changes a field a screen uses fails the type check.
 *
 * Type-only: nothing here exists at run time, so swc and webpack erase every import of it.
 */
import type { components, paths } from './openapi.gen';

/** A named schema of the document: `ApiSchema<'LoyaltyCard'>`, `ApiSchema<'Campaign'>`… */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** A path of the API as the document writes it: `'/api/loyalty-cards/{id}'`. */
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'delete';
/** The methods a path answers. */
export type ApiMethod<P extends ApiPath> = { [M in Method]: paths[P][M] extends undefined ? never : M }[Method];
type Operation<P extends ApiPath, M extends ApiMethod<P>> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** What a route answers on success (200 or 201): `ApiBody<'/api/loyalty-cards/{id}/ledger', 'get'>`. */
export type ApiBody<P extends ApiPath, M extends ApiMethod<P>> =
  Operation<P, M>['responses'] extends infer R ? (R extends { 200: infer Ok } ? JsonOf<Ok> : R extends { 201: infer Created } ? JsonOf<Created> : never) : never;

/** The JSON body a route takes: `ApiRequestBody<'/api/campaigns', 'post'>`. */
export type ApiRequestBody<P extends ApiPath, M extends ApiMethod<P>> = Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The query parameters a route takes: `ApiQuery<'/api/loyalty-cards/business/{id}', 'get'>`. */
export type ApiQuery<P extends ApiPath, M extends ApiMethod<P>> = NonNullable<Operation<P, M>['parameters']['query']>;

/**
 * `T` with its fields `K` optional: fields an API older than the screen does not send (a remote and the API
 * are deployed apart), which the screen reads with a fallback. `K` must name fields of `T`: a field renamed
 * in the API still fails the type check.
 */
export type MaybeAbsent<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
