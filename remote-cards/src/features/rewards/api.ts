import { api, LIST_TAG_ID, type ApiBody, type ApiRequestBody, type ApiSchema } from '@loyalty/shared';

/** A reward of the catalogue: `cost` in the business's points or stamps, `stock` null = unlimited. */
export type Reward = ApiBody<'/api/rewards/business/{id}', 'get'>[number];
export type NewReward = ApiRequestBody<'/api/rewards', 'post'>;
export type RewardChange = ApiRequestBody<'/api/rewards/{id}', 'put'>;
/** 'Premio eliminato', or 'Premio archiviato' (`archived`) for a reward ever redeemed. */
export type RewardDeleted = ApiBody<'/api/rewards/{id}', 'delete'>;
/** Points or stamps, expiry and its reminder, the birthday gift. */
export type Program = ApiBody<'/api/rewards/business/{id}/program', 'get'>;
export type ProgramChange = ApiRequestBody<'/api/rewards/business/{id}/program', 'put'>;

/** Extra points for a period, days or hours (decision 075). */
export type Promotion = ApiBody<'/api/rewards/business/{id}/promotions', 'get'>[number];
export type NewPromotion = ApiRequestBody<'/api/rewards/promotions', 'post'>;

/** A page of cards (`GET /loyalty-cards/business/{id}?status=fractional&limit=…`): the balances with decimals. */
export type CardPage = ApiSchema<'CardPage'>;

/** How many of the cards with decimals the program section lists (and rounds per request of the list). */
export const FRACTIONAL_PAGE = 50;

const catalogueTag = { type: 'Reward' as const, id: LIST_TAG_ID };
/** The promotions of every business: few, asked again after any change. */
const promotionsTag = { type: 'BusinessSettings' as const, id: 'promotions' };

export const rewardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRewards: build.query<Reward[], string>({
      query: (businessId) => `/rewards/business/${encodeURIComponent(businessId)}`,
      providesTags: (rewards = []) => [catalogueTag, ...rewards.map((reward) => ({ type: 'Reward' as const, id: reward.id }))],
    }),
    createReward: build.mutation<Reward, NewReward>({
      query: (reward) => ({ url: '/rewards', method: 'POST', body: reward }),
      invalidatesTags: [catalogueTag],
    }),
    updateReward: build.mutation<Reward, { id: string; change: RewardChange }>({
      query: ({ id, change }) => ({ url: `/rewards/${encodeURIComponent(id)}`, method: 'PUT', body: change }),
      invalidatesTags: [catalogueTag],
    }),
    deleteReward: build.mutation<RewardDeleted, string>({
      query: (id) => ({ url: `/rewards/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [catalogueTag],
    }),
    getProgram: build.query<Program, string>({
      query: (businessId) => `/rewards/business/${encodeURIComponent(businessId)}/program`,
      providesTags: (_program, _error, businessId) => [{ type: 'BusinessSettings', id: businessId }],
    }),
    saveProgram: build.mutation<Program, { businessId: string; change: ProgramChange }>({
      query: ({ businessId, change }) => ({ url: `/rewards/business/${encodeURIComponent(businessId)}/program`, method: 'PUT', body: change }),
      // The mode lives on the business (the switcher's list, which every cards screen reads it from); the
      // expiry policy changes what the cards and the overview show as expiring.
      invalidatesTags: (result, _error, { businessId }) =>
        result
          ? [
              { type: 'BusinessSettings', id: businessId },
              { type: 'Business', id: LIST_TAG_ID },
              { type: 'Card', id: LIST_TAG_ID },
              { type: 'Stats', id: LIST_TAG_ID },
              catalogueTag,
            ]
          : [],
    }),
    /** The cards whose balance has decimals: they stop the switch to stamps until rounded. */
    getFractionalCards: build.query<CardPage, string>({
      query: (businessId) => ({ url: `/loyalty-cards/business/${encodeURIComponent(businessId)}`, params: { status: 'fractional', limit: FRACTIONAL_PAGE } }),
      providesTags: [{ type: 'Card', id: LIST_TAG_ID }],
    }),
    /**
     * One card's balance rounded to a whole number: a ledger row of `change` (±, under 1) with its reason, through
     * the points route (admins only may take points away), with an idempotency key so a retry counts once.
     */
    roundBalance: build.mutation<ApiBody<'/api/loyalty-cards/{id}/points', 'post'>, { cardId: string; change: number; description: string; key: string }>({
      query: ({ cardId, change, description, key }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/points`,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: { points: change, description } satisfies ApiRequestBody<'/api/loyalty-cards/{id}/points', 'post'>,
      }),
    }),
    getPromotions: build.query<Promotion[], string>({
      query: (businessId) => `/rewards/business/${encodeURIComponent(businessId)}/promotions`,
      providesTags: [promotionsTag],
    }),
    createPromotion: build.mutation<Promotion, NewPromotion>({
      query: (promotion) => ({ url: '/rewards/promotions', method: 'POST', body: promotion }),
      invalidatesTags: (result) => (result ? [promotionsTag] : []),
    }),
    setPromotionActive: build.mutation<Promotion, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `/rewards/promotions/${encodeURIComponent(id)}`, method: 'PUT', body: { active } }),
      invalidatesTags: (result) => (result ? [promotionsTag] : []),
    }),
    deletePromotion: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/rewards/promotions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [promotionsTag],
    }),
  }),
});

export const {
  useGetPromotionsQuery,
  useCreatePromotionMutation,
  useSetPromotionActiveMutation,
  useDeletePromotionMutation,
  useGetRewardsQuery,
  useCreateRewardMutation,
  useUpdateRewardMutation,
  useDeleteRewardMutation,
  useGetProgramQuery,
  useSaveProgramMutation,
  useGetFractionalCardsQuery,
  useRoundBalanceMutation,
} = rewardsApi;
