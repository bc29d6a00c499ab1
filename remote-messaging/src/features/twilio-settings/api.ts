import { api, LIST_TAG_ID, type ApiRequestBody, type ApiSchema, type MaybeAbsent, type SendOutcome } from '@loyalty/shared';

/** `GET /twilio/settings?businessId=`: the auth token only ever comes back masked ('••••1234' or ''). */
/** `bonusTemplate`, the bonus WhatsApp's text, is absent from an older API, and then not shown. */
export type TwilioSettings = MaybeAbsent<ApiSchema<'TwilioSettings'>, 'bonusTemplate' | 'sendFrom' | 'sendUntil'>;
export type MessagingDriver = TwilioSettings['driver'];
/** `PUT /twilio/settings/{businessId}`: any subset of the settings. */
export type TwilioSettingsUpdate = ApiRequestBody<'/api/twilio/settings/{businessId}', 'put'>;
type ConnectionTest = ApiRequestBody<'/api/twilio/test-connection', 'post'>;
export type MessagingService = ConnectionTest['service'];

/** `GET /messaging/usage?businessId=`: the shop's messages this month and the previous one (decision 086). */
export type MessagingUsage = ApiSchema<'ShopMessagingUsage'>;

export const twilioApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMessagingUsage: build.query<MessagingUsage, string>({
      query: (businessId) => ({ url: '/messaging/usage', params: { businessId } }),
      providesTags: (_r, _e, businessId) => [{ type: 'TwilioSettings', id: businessId }],
    }),
    getTwilioSettings: build.query<TwilioSettings, string>({
      query: (businessId) => ({ url: '/twilio/settings', params: { businessId } }),
      providesTags: (_r, _e, businessId) => [{ type: 'TwilioSettings', id: businessId }],
    }),
    saveTwilioSettings: build.mutation<{ message: string; settings: TwilioSettings }, { businessId: string; settings: TwilioSettingsUpdate }>({
      query: ({ businessId, settings }) => ({ url: `/twilio/settings/${encodeURIComponent(businessId)}`, method: 'PUT', body: settings }),
      // The switches are the business's flags: every screen that reads the businesses must see the change.
      invalidatesTags: (_r, _e, { businessId }) => [
        { type: 'TwilioSettings', id: businessId },
        { type: 'Business', id: LIST_TAG_ID },
        { type: 'BusinessSettings', id: businessId },
      ],
    }),
    testConnection: build.mutation<SendOutcome, ConnectionTest>({
      query: (body) => ({ url: '/twilio/test-connection', method: 'POST', body }),
    }),
  }),
});

export const { useGetMessagingUsageQuery, useGetTwilioSettingsQuery, useSaveTwilioSettingsMutation, useTestConnectionMutation } = twilioApi;
