/**
 * The API's entities as the screens name them, all read from the API's OpenAPI document (shared/src/api/types.ts,
 * decision 033): a field changes in the API's route schemas, and here, by regenerating. Only what is the
 * browser's own (a list's filter, a query's arguments) is written by hand.
 */
import type { ApiRequestBody, ApiSchema, MaybeAbsent } from '../api/types';

export type User = ApiSchema<'User'>;
export type Role = User['role'];

/**
 * `bonus_threshold` (points per bonus) is absent from an older API, deployed apart from the remotes; screens
 * fall back to DEFAULT_BONUS_THRESHOLD. `loyalty_mode` (points or stamps) likewise: absent means points.
 * `brand_color` (the shop's colour on wallet passes) likewise: absent means the default colour.
 */
export type Business = MaybeAbsent<ApiSchema<'Business'>, 'bonus_threshold' | 'loyalty_mode' | 'brand_color'>;
/** 0/1 flags, as the API stores them. */
export type EnabledFlag = Business['whatsapp_enabled'];
export type NewBusiness = ApiRequestBody<'/api/business', 'post'>;

export type LoyaltyCard = ApiSchema<'LoyaltyCard'>;
export type CardPage = ApiSchema<'CardPage'>;

/** Which cards a list shows: all, active (points > 0) or inactive. */
export type CardStatusFilter = 'all' | 'active' | 'inactive';

/** `GET /loyalty-cards/business/{id}` with paging: one page of the cards matching the filters. */
export interface CardPageArgs {
  businessId: string;
  offset: number;
  limit: number;
  /** Name, card number or phone, searched by the server. */
  q?: string;
  status?: CardStatusFilter;
  /** Only cards with at least these points. */
  minPoints?: number;
}

export type LoginRequest = ApiRequestBody<'/api/auth/login', 'post'>;
export type LoginResponse = ApiSchema<'LoginResponse'>;

export type ChangePasswordRequest = ApiRequestBody<'/api/auth/change-password', 'put'>;
/** The change ends every session signed before it; `token` is this session's new one. */
export type ChangePasswordResponse = ApiSchema<'ChangePasswordResponse'>;

/** The API's error body: `{ "error": "<messaggio in italiano>" }`. */
export type ApiErrorBody = ApiSchema<'ApiError'>;
