import { api, type SendOutcome } from '@loyalty/shared';

export interface SendWhatsappRequest {
  cardId: string;
  message: string;
  /** The same key for a retried send reaches the customer once (the API's Idempotency-Key). */
  idempotencyKey: string;
}

export const easySmsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendWhatsapp: build.mutation<SendOutcome, SendWhatsappRequest>({
      query: ({ cardId, message, idempotencyKey }) => ({
        url: `/loyalty-cards/${encodeURIComponent(cardId)}/send-whatsapp`,
        method: 'POST',
        body: { message },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
  }),
});

export const { useSendWhatsappMutation } = easySmsApi;
