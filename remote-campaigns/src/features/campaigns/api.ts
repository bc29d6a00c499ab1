import { api, LIST_TAG_ID, type SendOutcome } from '@loyalty/shared';

export type CampaignStatus = 'draft' | 'scheduled' | 'active' | 'completed' | 'cancelled';
export type CampaignChannel = 'whatsapp' | 'sms' | 'email';

export interface CampaignRecipient {
  customer_name?: string | null;
  customer_phone: string | null;
  email: string | null;
}

/** Issue 17: a part of the business's cards, resolved by the server at each send. */
export type SegmentKind = 'all' | 'active' | 'inactive' | 'consent' | 'cards';
export interface CampaignSegment {
  /** 'cards': the ids in `targets`, picked one by one. */
  kind: SegmentKind;
  min_points?: number;
  q?: string;
}

export interface Campaign {
  id: string;
  business_id: string;
  name: string;
  description: string | null;
  status: CampaignStatus;
  targets: string[];
  /** SPEC §3: may arrive as a JSON string. */
  recipients: CampaignRecipient[] | string;
  channels: CampaignChannel[];
  /** null: the recipients are the `recipients` list (older campaigns, API clients). */
  segment?: CampaignSegment | null;
  /** The segment's size at creation, or the length of `recipients`. */
  recipient_count?: number;
  created_at: string;
}

/** `POST /campaigns` */
export interface NewCampaign {
  businessId: string;
  name: string;
  description: string;
  status: CampaignStatus;
  /** Ids of the cards picked one by one (segment kind 'cards'). */
  targets: string[];
  segment: CampaignSegment;
  channels: CampaignChannel[];
}

/** `GET /loyalty-cards/business/{id}/count` */
export interface SegmentCountArgs {
  businessId: string;
  kind: Exclude<SegmentKind, 'cards'>;
  minPoints?: number;
  q?: string;
  /** Kind 'consent': consent on one of these channels (the campaign's), as its send counts it; none: any channel. */
  channels?: CampaignChannel[];
}

/** `POST /campaigns/{id}/send`: queued at once, the API's worker delivers in the background. */
export type CampaignSendResult = SendOutcome;

/** `GET /campaigns/{id}/deliveries` */
export interface CampaignDeliveries {
  campaignId: string;
  total: number;
  /** Queued or being sent. */
  queued: number;
  /** Accepted by the provider (delivered ones included). */
  sent: number;
  /** Reported delivered by the provider. */
  delivered: number;
  /** Failed for good, or reported undelivered by the provider. */
  failed: number;
  /** Opt-out (STOP), no marketing consent, no valid contact. */
  skipped: number;
  /** Sent through a provider that reports back (Twilio) and not confirmed or failed yet: keep polling. */
  awaitingReceipts: number;
  /** The most frequent failure reasons, in Italian. */
  failureReasons: { reason: string; count: number }[];
}

const deliveriesTag = (campaignId: string) => ({ type: 'Campaign' as const, id: `${campaignId}:deliveries` });

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
    deleteCampaign: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/campaigns/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Campaign', id: LIST_TAG_ID }],
    }),
    sendCampaign: build.mutation<CampaignSendResult, { id: string; service: CampaignChannel; message: string }>({
      query: ({ id, service, message }) => ({ url: `/campaigns/${encodeURIComponent(id)}/send`, method: 'POST', body: { service, message } }),
      invalidatesTags: (_result, _error, { id }) => [deliveriesTag(id)],
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
  useGetCampaignDeliveriesQuery,
  useGetSegmentCountQuery,
} = campaignsApi;
