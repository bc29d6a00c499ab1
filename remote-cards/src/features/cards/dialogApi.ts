import { api, LIST_TAG_ID, type ApiBody, type ApiRequestBody } from '@loyalty/shared';
import {
  CSV_TIMEOUT_MS,
  cardListTags,
  type CardImportOutcome,
  type CardRewards,
  type ConsentEvent,
  type LedgerEntry,
  type MarketingConsentBody,
  type MarketingConsentResult,
  type Redemption,
} from './api';

/*
 * The endpoints only the cards' dialogs use — the ledger, the consents, the deletion, the rewards at the counter, the
 * import —, injected when a dialog's code arrives: they travel with the dialogs, fetched when one is about to open
 * (decision 113), not with the list or the counter. Their types stay in api.ts with the others'.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An Excel file (`.xlsx`) is a zip: it starts with `PK\x03\x04`; anything else is sent as CSV. */
export const isXlsx = (file: Uint8Array) => file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

export const cardDialogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCardLedger: build.query<LedgerEntry[], string>({
      query: (cardId) => `/loyalty-cards/${encodeURIComponent(cardId)}/ledger`,
      providesTags: (_entries, _error, cardId) => [{ type: 'Ledger', id: cardId }],
    }),
    getCardConsents: build.query<ConsentEvent[], string>({
      query: (cardId) => `/loyalty-cards/${encodeURIComponent(cardId)}/consents`,
      providesTags: (_events, _error, cardId) => [{ type: 'Card', id: cardId }],
    }),
    /**
     * An admin records (decision 050) the customer's marketing consent asked at the counter. The card's
     * channels (lists, its row) and its consent history change.
     */
    setMarketingConsent: build.mutation<MarketingConsentResult, { cardId: string } & MarketingConsentBody>({
      query: ({ cardId, marketing_channels, renew }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/marketing-consent`,
        method: 'PUT',
        body: { marketing_channels, renew } satisfies MarketingConsentBody,
      }),
      invalidatesTags: (result, _error, { cardId }) => (result ? [{ type: 'Card', id: LIST_TAG_ID }, { type: 'Card', id: cardId }] : []),
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
    /** `key`: one per submission, the same on its retries: the server redeems once (decision 083). */
    redeemReward: build.mutation<Redemption, { cardId: string; rewardId: string; key: string }>({
      query: ({ cardId, rewardId, key }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/redeem`,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
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
    /**
     * A CSV or Excel file of cards, sent as it is (text/csv, or the `.xlsx` type when it is one). `dryRun`: the preview, nothing written; else the
     * import, which the server validates again, and the lists and overview change.
     */
    importCardsCsv: build.mutation<CardImportOutcome, { businessId: string; file: Uint8Array; dryRun: boolean }>({
      query: ({ businessId, file, dryRun }) => ({
        url: `/loyalty-cards/business/${encodeURIComponent(businessId)}/import?dry_run=${dryRun}`,
        method: 'POST',
        headers: { 'content-type': isXlsx(file) ? XLSX_TYPE : 'text/csv' },
        body: file,
        timeout: CSV_TIMEOUT_MS,
      }),
      invalidatesTags: (result, _error, { dryRun }) => (result && !dryRun && result.imported > 0 ? cardListTags : []),
    }),
  }),
});

export const {
  useGetCardLedgerQuery,
  useGetCardConsentsQuery,
  useSetMarketingConsentMutation,
  useDeleteCardMutation,
  useGetCardRewardsQuery,
  useRedeemRewardMutation,
  useImportCardsCsvMutation,
} = cardDialogsApi;
