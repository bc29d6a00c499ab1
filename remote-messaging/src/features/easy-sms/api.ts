import { api, type ApiSchema, type MaybeAbsent } from '@loyalty/shared';

/**
 * `POST /loyalty-cards/{id}/send-whatsapp`: the send answer and `heldUntil`, when the message leaves if the shop's
 * sending window holds it (absent from an API older than decision 100).
 */
export type WhatsappSendResult = MaybeAbsent<ApiSchema<'HeldSendOutcome'>, 'heldUntil'>;

export interface SendWhatsappRequest {
  cardId: string;
  message: string;
  /** The same key for a retried send reaches the customer once (the API's Idempotency-Key). */
  idempotencyKey: string;
}

export const easySmsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendWhatsapp: build.mutation<WhatsappSendResult, SendWhatsappRequest>({
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
