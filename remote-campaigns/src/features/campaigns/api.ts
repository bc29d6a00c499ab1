import { api, LIST_TAG_ID, type ApiBody, type ApiQuery, type ApiRequestBody, type ApiSchema, type MaybeAbsent } from '@loyalty/shared';

type ApiCampaign = ApiSchema<'Campaign'>;
/**
 * A campaign as the screens read it: the API's, with what the original API contract and an API older than
 * segments may send —
 * `recipients` as a JSON string, a null `description`, no `segment`, `recipient_count`, `subject`, `delivery` or `scheduled_at`.
 */
export type Campaign = MaybeAbsent<Omit<ApiCampaign, 'recipients' | 'description'>, 'segment' | 'recipient_count' | 'subject' | 'delivery' | 'scheduled_at'> & {
  recipients: ApiCampaign['recipients'] | string;
  description: ApiCampaign['description'] | null;
};
export type CampaignStatus = Campaign['status'];
export type CampaignChannel = Campaign['channels'][number];
export type CampaignRecipient = ApiSchema<'CampaignRecipient'>;

/** A part of the business's cards, resolved by the server at each send; kind 'cards': the ids in `targets`. */
export type CampaignSegment = NonNullable<Campaign['segment']>;
export type SegmentKind = CampaignSegment['kind'];

/** `POST /campaigns` */
export type NewCampaign = ApiRequestBody<'/api/campaigns', 'post'>;

/** `GET /loyalty-cards/business/{id}/count` */
export interface SegmentCountArgs {
  businessId: string;
  kind: NonNullable<ApiQuery<'/api/loyalty-cards/business/{id}/count', 'get'>['kind']>;
  minPoints?: number;
  q?: string;
  /** Kind 'consent': consent on one of these channels (the campaign's), as its send counts it; none: any channel. */
  channels?: CampaignChannel[];
}

/**
 * `POST /campaigns/{id}/send`: queued at once, the API's worker delivers in the background; `heldUntil`: when the
 * messages leave if the shop's sending window holds them (absent from an API older than decision 100).
 */
export type CampaignSendResult = MaybeAbsent<ApiSchema<'HeldSendOutcome'>, 'heldUntil'>;
type CampaignSend = { id: string } & ApiRequestBody<'/api/campaigns/{id}/send', 'post'>;

/**
 * `GET /campaigns/{id}/deliveries`: poll while `queued` or `awaitingReceipts` is above 0 (seldom while `heldUntil`,
 * the sending window's start the queue waits for, is far; absent from an API older than decision 100).
 */
export type CampaignDeliveries = MaybeAbsent<ApiSchema<'CampaignDeliveries'>, 'heldUntil'>;

/** `GET /campaigns/{id}/reach`: per channel, who a send now would queue and who it would skip, and why. */
export type CampaignReach = ApiSchema<'CampaignReach'>;
export type ChannelReach = CampaignReach['channels'][number];

const deliveriesTag = (campaignId: string) => ({ type: 'Campaign' as const, id: `${campaignId}:deliveries` });
const reachTag = (campaignId: string) => ({ type: 'Campaign' as const, id: `${campaignId}:reach` });

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBusinessCampaigns: build.query<Campaign[], string>({
      query: (businessId) => `/campaigns/business/${encodeURIComponent(businessId)}`,
      providesTags: (result) => [
        { type: 'Campaign' as const, id: LIST_TAG_ID },
        ...(result ?? []).map((c) => ({ type: 'Campaign' as const, id: c.id })),
      ],
    }),
    createCampaign: build.mutation<Campaign, NewCampaign>({
      query: (body) => ({ url: '/campaigns', method: 'POST', body }),
      invalidatesTags: [{ type: 'Campaign', id: LIST_TAG_ID }],
    }),
    deleteCampaign: build.mutation<ApiBody<'/api/campaigns/{id}', 'delete'>, string>({
      query: (id) => ({ url: `/campaigns/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Campaign', id: LIST_TAG_ID }],
    }),
    sendCampaign: build.mutation<CampaignSendResult, CampaignSend>({
      query: ({ id, service, message }) => ({ url: `/campaigns/${encodeURIComponent(id)}/send`, method: 'POST', body: { service, message } }),
      invalidatesTags: (_result, _error, { id }) => [deliveriesTag(id), reachTag(id)],
    }),
    /** `POST /campaigns/{id}/schedule`: the send at a Rome date and time (`at`: '2030-01-15T21:00'). */
    scheduleCampaign: build.mutation<ApiBody<'/api/campaigns/{id}/schedule', 'post'>, { id: string } & ApiRequestBody<'/api/campaigns/{id}/schedule', 'post'>>({
      query: ({ id, ...body }) => ({ url: `/campaigns/${encodeURIComponent(id)}/schedule`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Campaign', id: LIST_TAG_ID }],
    }),
    cancelCampaignSchedule: build.mutation<ApiBody<'/api/campaigns/{id}/schedule', 'delete'>, string>({
      query: (id) => ({ url: `/campaigns/${encodeURIComponent(id)}/schedule`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Campaign', id: LIST_TAG_ID }],
    }),
    /** The send dialog's numbers: what a send would queue now, by the send's own rule; refreshed with any card change. */
    getCampaignReach: build.query<CampaignReach, string>({
      query: (id) => `/campaigns/${encodeURIComponent(id)}/reach`,
      providesTags: (_result, _error, id) => [reachTag(id), { type: 'Card', id: LIST_TAG_ID }],
    }),
    /** How many cards a segment holds now (the dialog's live count); refreshed with any card change. */
    getSegmentCount: build.query<{ count: number }, SegmentCountArgs>({
      query: ({ businessId, kind, minPoints, q, channels }) => ({
        url: `/loyalty-cards/business/${encodeURIComponent(businessId)}/count`,
        params: {
          kind,
          ...(minPoints !== undefined ? { min_points: minPoints } : {}),
          ...(q ? { q } : {}),
          ...(kind === 'consent' && channels?.length ? { channels: channels.join(',') } : {}),
        },
      }),
      providesTags: [{ type: 'Card', id: LIST_TAG_ID }],
    }),
    getCampaignDeliveries: build.query<CampaignDeliveries, string>({
      query: (id) => `/campaigns/${encodeURIComponent(id)}/deliveries`,
      providesTags: (_result, _error, id) => [deliveriesTag(id)],
    }),
  }),
});

export const {
  useGetBusinessCampaignsQuery,
  useCreateCampaignMutation,
  useDeleteCampaignMutation,
  useSendCampaignMutation,
  useScheduleCampaignMutation,
  useCancelCampaignScheduleMutation,
  useGetCampaignDeliveriesQuery,
  useGetCampaignReachQuery,
  useGetSegmentCountQuery,
} = campaignsApi;
