import { api } from '@loyalty/shared';

export type OutboxChannel = 'whatsapp' | 'sms' | 'email';

/** One row of `GET /outbox`: a message as it was recorded (with the outbox driver: what would have gone out). */
export interface OutboxMessage {
  id: number;
  business_id: string;
  campaign_id: string | null;
  card_id: string | null;
  channel: OutboxChannel;
  recipient: string;
  body: string;
  status: string;
  driver: string;
  provider_message_id: string | null;
  error: string | null;
  created_at: string;
}

export interface OutboxPage {
  total: number;
  messages: OutboxMessage[];
}

export const OUTBOX_PAGE_SIZE = 25;

export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOutbox: build.query<OutboxPage, { businessId: string; offset: number }>({
      query: ({ businessId, offset }) => ({ url: '/outbox', params: { businessId, limit: OUTBOX_PAGE_SIZE, offset } }),
    }),
  }),
});

export const { useGetOutboxQuery } = outboxApi;
