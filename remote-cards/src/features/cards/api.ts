import { api, LIST_TAG_ID, type ApiBody, type ApiRequestBody, type ApiSchema } from '@loyalty/shared';

// The page of cards (`useGetCardsPageQuery`, `CardPage`) lives in @loyalty/shared: Easy SMS and the campaign dialog page through cards too.
// The endpoints only the dialogs use (ledger, consents, deletion, rewards at the counter, import) are in dialogApi.ts:
// they come with the dialogs' code, when one is about to open (decision 113). Their types stay here.

/** `GET /loyalty-cards/business/{id}/stats`; `months`: the last 6 calendar months (UTC), oldest first, 'YYYY-MM'. */
export type CardStats = ApiSchema<'CardStats'>;
/** `GET /loyalty-cards/business/{id}/sales-report` (decision 079): the last 12 Italian months, oldest first, amounts in cents. */
export type SalesReport = ApiSchema<'SalesReport'>;
export type CardDetail = ApiSchema<'CardDetail'>;
export type LedgerEntry = ApiSchema<'LedgerEntry'>;
/** One consent given (decision 047): renewed, withdrawn or lapsed, from `GET /loyalty-cards/{id}/consents`. */
export type ConsentEvent = ApiSchema<'ConsentEvent'>;
/** What the customer asked at the counter (decision 050), and what it changed (`PUT /loyalty-cards/{id}/marketing-consent`). */
export type MarketingConsentBody = ApiRequestBody<'/api/loyalty-cards/{id}/marketing-consent', 'put'>;
export type MarketingConsentResult = ApiSchema<'MarketingConsentResult'>;
/** A points change: `points` is the new balance, `entry` the ledger row written. */
export type PointsResult = ApiSchema<'PointsResult'>;
/** What a card can redeem today: its balance, the business's mode, the rewards with `affordable`. */
export type CardRewards = ApiBody<'/api/loyalty-cards/{id}/rewards', 'get'>;
export type RedeemableReward = CardRewards['rewards'][number];
/** A redemption: `points` is the new balance, `entry` the ledger row (kind 'redemption'). */
export type Redemption = ApiBody<'/api/loyalty-cards/{id}/redeem', 'post'>;

/** What a sale would earn now under the card's shop's rule and promotions (decision 075). */
export type SalePreview = ApiSchema<'SalePreview'>;
/** A recorded sale: `points` the server's new balance, `earning` how the points were computed, `entry` its ledger row. */
export type SaleResult = ApiSchema<'SaleResult'>;
export interface SaleRequest {
  cardId: string;
  /** Canonical '23.50'; absent for a visit. */
  amount?: string;
  confirm?: boolean;
  /** One per submission, the same on its retries: the server records the submission once. */
  key: string;
}

/** The two files of a business an admin can download, each as CSV or Excel (decision 073). */
export type CsvExport = 'cards' | 'ledger';
export type ExportFormat = 'xlsx' | 'csv';
const CSV_PATHS: Record<CsvExport, string> = { cards: 'export', ledger: 'ledger' };
/** The file's name when the server's cannot be read (an API on another origin that does not expose it). */
const CSV_FALLBACK_NAMES: Record<CsvExport, string> = { cards: 'carte', ledger: 'movimenti' };
/** A large shop's file takes a while: longer than the usual request timeout. */
export const CSV_TIMEOUT_MS = 10 * 60_000;

/** A downloaded file, kept by the browser until `URL.revokeObjectURL(url)`. */
export interface CsvDownload {
  url: string;
  fileName: string;
}

/** The name the server gives the file (Content-Disposition), else a plain one. */
function downloadName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}
/** What an import of cards from a CSV file found (preview) or did: valid rows, refused rows with why, skipped ones. */
export type CardImportOutcome = ApiSchema<'CardImportOutcome'>;

/** What sending a card's wallet links did (queued on a channel, skipped and why), in Italian in `message`. */
export type WalletLinksResult = ApiSchema<'WalletLinksResult'>;

/** Every list page and the overview change with any card: one tag each, invalidated together. */
export const cardListTags = [
  { type: 'Card' as const, id: LIST_TAG_ID },
  { type: 'Stats' as const, id: LIST_TAG_ID },
];

export const cardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCardStats: build.query<CardStats, string>({
      query: (businessId) => `/loyalty-cards/business/${encodeURIComponent(businessId)}/stats`,
      providesTags: [{ type: 'Stats', id: LIST_TAG_ID }],
    }),
    // A sale or a redemption invalidates the stats' tag: the report goes with them.
    getSalesReport: build.query<SalesReport, string>({
      query: (businessId) => `/loyalty-cards/business/${encodeURIComponent(businessId)}/sales-report`,
      providesTags: [{ type: 'Stats', id: LIST_TAG_ID }],
    }),
    getCard: build.query<CardDetail, string>({
      query: (cardId) => `/loyalty-cards/${encodeURIComponent(cardId)}`,
      providesTags: (_card, _error, cardId) => [{ type: 'Card', id: cardId }],
    }),
    /** `key`: one per change, the same when it is sent again after a lost answer: the server counts it once (decision 083). */
    updatePoints: build.mutation<PointsResult, { cardId: string; key: string } & ApiRequestBody<'/api/loyalty-cards/{id}/points', 'post'>>({
      query: ({ cardId, points, description, key }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/points`,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: { points, description },
      }),
      invalidatesTags: (_result, _error, { cardId }) => [...cardListTags, { type: 'Card', id: cardId }, { type: 'Ledger', id: cardId }],
    }),
    getSalePreview: build.query<SalePreview, { cardId: string; amount?: string }>({
      query: ({ cardId, amount }) => ({ url: `/loyalty-cards/${encodeURIComponent(cardId)}/sales/preview`, params: amount ? { amount } : undefined }),
      // The rule and the promotions may change meanwhile (the page asks again on mount): kept briefly.
      keepUnusedDataFor: 5,
    }),
    recordSale: build.mutation<SaleResult, SaleRequest>({
      query: ({ cardId, amount, confirm, key }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/sales`,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: { ...(amount ? { amount } : {}), ...(confirm ? { confirm: true } : {}) } satisfies ApiRequestBody<'/api/loyalty-cards/{id}/sales', 'post'>,
      }),
      invalidatesTags: (result, _error, { cardId }) => (result ? [...cardListTags, { type: 'Card', id: cardId }, { type: 'Ledger', id: cardId }] : []),
    }),
    /**
     * A CSV export (GET, but an action: never cached). The API wants the session's token, which a plain link
     * cannot send: the file comes through the usual authenticated fetch as a blob, handed back as an object
     * URL (a string: the store stays serialisable) that the screen saves and revokes. An error answer stays
     * the API's `{ error }`.
     */
    downloadCsv: build.mutation<CsvDownload, { businessId: string; file: CsvExport; format: ExportFormat }>({
      query: ({ businessId, file, format }) => ({
        url: `/loyalty-cards/business/${encodeURIComponent(businessId)}/${CSV_PATHS[file]}.${format}`,
        timeout: CSV_TIMEOUT_MS,
        responseHandler: async (response) =>
          response.ok
            ? ({ url: URL.createObjectURL(await response.blob()), fileName: downloadName(response, `${CSV_FALLBACK_NAMES[file]}.${format}`) } satisfies CsvDownload)
            : response.json(),
      }),
    }),
    // A service message through the queue; nothing cached changes (the Outbox reads on its own).
    sendWalletLinks: build.mutation<WalletLinksResult, string>({
      query: (cardId) => ({ url: `/loyalty-cards/${encodeURIComponent(cardId)}/wallet-links`, method: 'POST' }),
    }),
    /** `key` as for updatePoints. */
    scanQrCode: build.mutation<PointsResult, { cardId: string; userId: string; points: number; key: string }>({
      query: ({ cardId, userId, points, key }) => ({
        url: '/qrcode/scan',
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: { card_id: cardId, user_id: userId, points },
      }),
      invalidatesTags: (_result, _error, { cardId }) => [...cardListTags, { type: 'Card', id: cardId }, { type: 'Ledger', id: cardId }],
    }),
  }),
});

export const {
  useGetCardStatsQuery,
  useGetSalesReportQuery,
  useGetCardQuery,
  useUpdatePointsMutation,
  useGetSalePreviewQuery,
  useRecordSaleMutation,
  useScanQrCodeMutation,
  useDownloadCsvMutation,
  useSendWalletLinksMutation,
} = cardsApi;
