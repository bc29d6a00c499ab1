import { createApi } from '@reduxjs/toolkit/query/react';
import type {
  Business,
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  CardPage,
  CardPageArgs,
  LoyaltyCard,
  NewBusiness,
  User,
} from '../domain/types';
import { storeToken } from '../session/tokenStorage';
import type { ApiBody } from './types';
import { baseQuery } from './baseQuery';

/** Every tag of every remote, declared once so invalidation works across remotes. */
export const API_TAG_TYPES = [
  'User',
  'Business',
  'Card',
  'Ledger',
  'Stats',
  'Campaign',
  'TwilioSettings',
  'BusinessSettings',
  'Admin',
  // A business's rewards catalogue (the cards remote's Premi screen and redemption dialog).
  'Reward',
  // A business's automations (the campaigns remote's Automazioni screen, decision 080).
  'Automation',
  // The platform's messaging account and the messages counted per shop (decision 086).
  'PlatformMessaging',
] as const;

/** Id of the tag that stands for "the whole list" of a type. */
export const LIST_TAG_ID = 'LIST';

/**
 * The one API slice. Endpoints used by several remotes live here; each remote adds its own with
 * `api.injectEndpoints` in `src/features/<feature>/api.ts`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
    }),
    getMe: build.query<User, void>({
      query: () => '/auth/me',
      providesTags: (user) => (user ? [{ type: 'User', id: user.id }] : []),
    }),
    /**
     * The server ends every session signed before the change, this one included, and answers its
     * replacement: stored at once, whoever called, so this browser stays logged in.
     */
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/auth/change-password', method: 'PUT', body }),
      async onQueryStarted(_request, { queryFulfilled }) {
        try {
          storeToken((await queryFulfilled).data.token);
        } catch {
          // Refused (wrong current password…): the session and its token are unchanged.
        }
      },
    }),

    getBusinesses: build.query<Business[], void>({
      query: () => '/business',
      providesTags: (businesses = []) => [
        { type: 'Business', id: LIST_TAG_ID },
        ...businesses.map((business) => ({ type: 'Business' as const, id: business.id })),
      ],
    }),
    /** Public lookup used by card signup: an empty list means the business does not exist. */
    getPublicBusiness: build.query<ApiBody<'/api/business/{id}', 'get'>, string>({
      query: (businessId) => `/business/${encodeURIComponent(businessId)}`,
      providesTags: (_result, _error, businessId) => [{ type: 'Business', id: businessId }],
    }),
    createBusiness: build.mutation<Business, NewBusiness>({
      query: (business) => ({ url: '/business', method: 'POST', body: business }),
      invalidatesTags: [{ type: 'Business', id: LIST_TAG_ID }],
    }),

    /**
     * One page of a business's cards, searched and filtered by the server (Easy SMS, the campaign dialog's
     * picker and the cards screens; docs/decisions/010 and 023). Every page of every list shares one tag.
     */
    getCardsPage: build.query<CardPage, CardPageArgs>({
      query: ({ businessId, offset, limit, q, status, minPoints }) => ({
        url: `/loyalty-cards/business/${encodeURIComponent(businessId)}`,
        params: {
          offset,
          limit,
          ...(q ? { q } : {}),
          ...(status && status !== 'all' ? { status } : {}),
          ...(minPoints !== undefined ? { min_points: minPoints } : {}),
        },
      }),
      providesTags: (page) => [
        { type: 'Card', id: LIST_TAG_ID },
        ...(page?.items ?? []).map((card) => ({ type: 'Card' as const, id: card.id })),
      ],
    }),
    /** Every card of the business in one answer: megabytes with a large customer base; prefer `getCardsPage`. */
    getBusinessCards: build.query<LoyaltyCard[], string>({
      query: (businessId) => `/loyalty-cards/business/${encodeURIComponent(businessId)}`,
      providesTags: (cards = []) => [
        { type: 'Card', id: LIST_TAG_ID },
        ...cards.map((card) => ({ type: 'Card' as const, id: card.id })),
      ],
    }),
  }),
});

export const {
  useLoginMutation,
  useGetMeQuery,
  useChangePasswordMutation,
  useGetBusinessesQuery,
  useGetPublicBusinessQuery,
  useCreateBusinessMutation,
  useGetBusinessCardsQuery,
  useGetCardsPageQuery,
} = api;
