import { api, LIST_TAG_ID, type SendOutcome } from '@loyalty/shared';

export type MessagingService = 'whatsapp' | 'sms' | 'email';
export type MessagingDriver = '' | 'outbox' | 'twilio' | 'smtp';

/** `GET /twilio/settings?businessId=`: the auth token only ever comes back masked ('••••1234' or ''). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  phoneNumber: string;
  messagingServiceSid: string;
  emailSender: string;
  whatsappEnabled: boolean;
  smsEnabled: boolean;
  emailEnabled: boolean;
  driver: MessagingDriver;
  /** The bonus WhatsApp's text (issue 17); absent from an older API, and then not shown. */
  bonusTemplate?: string;
}

export type TwilioSettingsUpdate = Partial<TwilioSettings>;

export const twilioApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    testConnection: build.mutation<SendOutcome, { businessId: string; service: MessagingService; testRecipient: string }>({
      query: (body) => ({ url: '/twilio/test-connection', method: 'POST', body }),
    }),
  }),
});

export const { useGetTwilioSettingsQuery, useSaveTwilioSettingsMutation, useTestConnectionMutation } = twilioApi;
