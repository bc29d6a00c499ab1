import { api, LIST_TAG_ID, type ApiSchema } from '@loyalty/shared';

/** What a bonus threshold does now (the server decides and sends; docs/decisions/021-bonus-on-the-server.md). */
export type BonusCounts = ApiSchema<'BonusCounts'>;
export type BonusThresholdSaved = ApiSchema<'BonusThresholdSaved'>;

export interface BonusThresholdChange {
  businessId: string;
  threshold: number;
  /** The number of messages the person agreed to; the server refuses (409) any other number. */
  confirmMessages?: number;
}

export const bonusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBonusPreview: build.query<BonusCounts, { businessId: string; threshold: number }>({
      query: ({ businessId, threshold }) => ({ url: `/settings/${encodeURIComponent(businessId)}/bonus-preview`, params: { threshold } }),
      // Always asked right before a decision: never answered from an old preview.
      keepUnusedDataFor: 0,
    }),
    saveBonusThreshold: build.mutation<BonusThresholdSaved, BonusThresholdChange>({
      query: ({ businessId, threshold, confirmMessages }) => ({
        url: `/settings/${encodeURIComponent(businessId)}/bonus-threshold`,
        method: 'PUT',
        body: { threshold, ...(confirmMessages === undefined ? {} : { confirm_messages: confirmMessages }) },
      }),
      // The threshold lives on the business; the recorded bonuses show on the cards ('Bonus!', "bonus inviato il").
      invalidatesTags: (result, _error, { businessId }) =>
        result
          ? [
              { type: 'Business', id: LIST_TAG_ID },
              { type: 'BusinessSettings', id: businessId },
              { type: 'Card', id: LIST_TAG_ID },
            ]
          : [],
    }),
  }),
});

export const { useLazyGetBonusPreviewQuery, useSaveBonusThresholdMutation } = bonusApi;
