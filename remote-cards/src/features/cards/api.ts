import { api, LIST_TAG_ID, type LoyaltyCard } from '@loyalty/shared';

// The page of cards (`useGetCardsPageQuery`, `CardPage`) lives in @loyalty/shared: Easy SMS and the campaign dialog page through cards too.

export interface CardStats {
  total_cards: number;
  total_points: number;
  active_cards: number;
  average_points: number;
  buckets: { zero: number; from1to50: number; from51to100: number; over100: number };
  /** Last 6 calendar months (UTC), oldest first: 'YYYY-MM'. */
  months: { month: string; new_cards: number; points: number }[];
}

export interface CardDetail extends LoyaltyCard {
  business_name: string;
}

export interface LedgerEntry {
  id: number;
  card_id: string;
  points: number;
  description: string;
  author_id: string | null;
  author_name: string | null;
  created_at: string;
}

export interface PointsResult {
  message: string;
  card_id: string;
  /** The new balance. */
  points: number;
  entry: LedgerEntry;
}

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
    updatePoints: build.mutation<PointsResult, { cardId: string; points: number; description: string }>({
      query: ({ cardId, points, description }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/points`,
        method: 'POST',
        body: { points, description },
      }),
      invalidatesTags: (_result, _error, { cardId }) => [...cardListTags, { type: 'Card', id: cardId }, { type: 'Ledger', id: cardId }],
    }),
    deleteCard: build.mutation<{ message: string }, string>({
      query: (cardId) => ({ url: `/loyalty-cards/${encodeURIComponent(cardId)}`, method: 'DELETE' }),
      invalidatesTags: cardListTags,
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
} = cardsApi;
