/**
 * What the API answers after every send (campaign send, send-whatsapp, connection test), and
 * whether a business's messages really leave ('live') or are only recorded in the Outbox ('test').
 */
import { api } from '../api/apiSlice';
import type { ApiSchema } from '../api/types';

export type SendOutcome = ApiSchema<'SendOutcome'>;
export type SkippedByReason = ApiSchema<'SkippedByReason'>;
export type DeliveryMode = SendOutcome['mode'];

/** A success toast only when something was queued; otherwise the screen shows `message` as an error. */
export const sendSucceeded = (outcome: Pick<SendOutcome, 'queued'>) => outcome.queued > 0;

/** `GET /messaging/status?businessId=` */
export type MessagingStatus = ApiSchema<'MessagingStatus'>;

export const OUTBOX_PATH = '/dashboard/outbox';
export const TEST_MODE_TEXT = 'Modalità prova: i messaggi non vengono consegnati';

export const messagingStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMessagingStatus: build.query<MessagingStatus, string>({
      query: (businessId) => ({ url: '/messaging/status', params: { businessId } }),
      // Saving the messaging settings (a driver change) invalidates it.
      providesTags: (_result, _error, businessId) => [{ type: 'TwilioSettings', id: businessId }],
    }),
  }),
});

export const { useGetMessagingStatusQuery } = messagingStatusApi;
