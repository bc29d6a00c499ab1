import { api, type ApiSchema } from '@loyalty/shared';

/** One row of `GET /outbox`: a message as it was recorded (with the outbox driver: what would have gone out). */
export type OutboxMessage = ApiSchema<'OutboxMessage'>;
export type OutboxChannel = OutboxMessage['channel'];
export type OutboxPage = ApiSchema<'OutboxPage'>;

export const OUTBOX_PAGE_SIZE = 25;

export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOutbox: build.query<OutboxPage, { businessId: string; offset: number }>({
      query: ({ businessId, offset }) => ({ url: '/outbox', params: { businessId, limit: OUTBOX_PAGE_SIZE, offset } }),
    }),
  }),
});

export const { useGetOutboxQuery } = outboxApi;
