import { api, LIST_TAG_ID, type ApiBody, type ApiRequestBody, type ApiSchema } from '@loyalty/shared';

// The page of cards (`useGetCardsPageQuery`, `CardPage`) lives in @loyalty/shared: Easy SMS and the campaign dialog page through cards too.

/** `GET /loyalty-cards/business/{id}/stats`; `months`: the last 6 calendar months (UTC), oldest first, 'YYYY-MM'. */
export type CardStats = ApiSchema<'CardStats'>;
export type CardDetail = ApiSchema<'CardDetail'>;
export type LedgerEntry = ApiSchema<'LedgerEntry'>;
/** A points change: `points` is the new balance, `entry` the ledger row written. */
export type PointsResult = ApiSchema<'PointsResult'>;
/** What a card can redeem today (issue 20): its balance, the business's mode, the rewards with `affordable`. */
export type CardRewards = ApiBody<'/api/loyalty-cards/{id}/rewards', 'get'>;
export type RedeemableReward = CardRewards['rewards'][number];
/** A redemption: `points` is the new balance, `entry` the ledger row (kind 'redemption'). */
export type Redemption = ApiBody<'/api/loyalty-cards/{id}/redeem', 'post'>;

/** Every list page and the overview change with any card: one tag each, invalidated together. */
const cardListTags = [
  { type: 'Card' as const, id: LIST_TAG_ID },
  { type: 'Stats' as const, id: LIST_TAG_ID },
];

export const cardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCardStats: build.query<CardStats, string>({
      query: (businessId) => `/loyalty-cards/business/${encodeURIComponent(businessId)}/stats`,
      providesTags: [{ type: 'Stats', id: LIST_TAG_ID }],
    }),
    getCard: build.query<CardDetail, string>({
      query: (cardId) => `/loyalty-cards/${encodeURIComponent(cardId)}`,
      providesTags: (_card, _error, cardId) => [{ type: 'Card', id: cardId }],
    }),
    getCardLedger: build.query<LedgerEntry[], string>({
      query: (cardId) => `/loyalty-cards/${encodeURIComponent(cardId)}/ledger`,
      providesTags: (_entries, _error, cardId) => [{ type: 'Ledger', id: cardId }],
    }),
    updatePoints: build.mutation<PointsResult, { cardId: string } & ApiRequestBody<'/api/loyalty-cards/{id}/points', 'post'>>({
      query: ({ cardId, points, description }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/points`,
        method: 'POST',
        body: { points, description },
      }),
      invalidatesTags: (_result, _error, { cardId }) => [...cardListTags, { type: 'Card', id: cardId }, { type: 'Ledger', id: cardId }],
    }),
    deleteCard: build.mutation<ApiBody<'/api/loyalty-cards/{id}', 'delete'>, string>({
      query: (cardId) => ({ url: `/loyalty-cards/${encodeURIComponent(cardId)}`, method: 'DELETE' }),
      invalidatesTags: cardListTags,
    }),
    getCardRewards: build.query<CardRewards, string>({
      query: (cardId) => `/loyalty-cards/${encodeURIComponent(cardId)}/rewards`,
      // Asked again when the card's balance or the catalogue changes.
      providesTags: (_rewards, _error, cardId) => [{ type: 'Card', id: cardId }, { type: 'Reward', id: LIST_TAG_ID }],
    }),
    redeemReward: build.mutation<Redemption, { cardId: string; rewardId: string }>({
      query: ({ cardId, rewardId }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/redeem`,
        method: 'POST',
        body: { reward_id: rewardId } satisfies ApiRequestBody<'/api/loyalty-cards/{id}/redeem', 'post'>,
      }),
      // The balance (lists, overview, the card), its history, and the reward's stock and count.
      invalidatesTags: (_result, _error, { cardId }) => [
        ...cardListTags,
        { type: 'Card', id: cardId },
        { type: 'Ledger', id: cardId },
        { type: 'Reward', id: LIST_TAG_ID },
      ],
    }),
    scanQrCode: build.mutation<PointsResult, { cardId: string; userId: string; points: number }>({
      query: ({ cardId, userId, points }) => ({
        url: '/qrcode/scan',
        method: 'POST',
        body: { card_id: cardId, user_id: userId, points },
      }),
      invalidatesTags: (_result, _error, { cardId }) => [...cardListTags, { type: 'Card', id: cardId }, { type: 'Ledger', id: cardId }],
    }),
  }),
});

export const {
  useGetCardStatsQuery,
  useGetCardQuery,
  useGetCardLedgerQuery,
  useUpdatePointsMutation,
  useDeleteCardMutation,
  useScanQrCodeMutation,
  useGetCardRewardsQuery,
  useRedeemRewardMutation,
} = cardsApi;
