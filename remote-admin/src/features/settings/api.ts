import { api, LIST_TAG_ID, type ApiRequestBody, type ApiSchema, type Business } from '@loyalty/shared';

/** `GET /business/admins`: an admin with the number of its businesses. */
export type AdminSummary = ApiSchema<'AdminSummary'>;

/** A service's on/off flag, as `PUT /settings/{businessId}` takes it (a flag renamed in the API fails the type check). */
export type ServiceFlag = Extract<keyof ApiRequestBody<'/api/settings/{businessId}', 'put'>, `${string}_enabled`>;

export interface ServiceToggle {
  businessId: string;
  flag: ServiceFlag;
  enabled: boolean;
}

/** `GET /platform/messaging-account`: the token and the SMTP password only ever come back masked ('••••1234' or ''). */
export type PlatformMessagingAccount = ApiSchema<'PlatformMessagingAccount'>;
export type PlatformMessagingAccountUpdate = ApiRequestBody<'/api/platform/messaging-account', 'put'>;
/** `GET /platform/messaging-usage`: every shop's messages in the month and the previous one. */
export type PlatformMessagingUsage = ApiSchema<'PlatformMessagingUsage'>;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlatformMessagingAccount: build.query<PlatformMessagingAccount, void>({
      query: () => '/platform/messaging-account',
      providesTags: [{ type: 'PlatformMessaging', id: 'account' }],
    }),
    savePlatformMessagingAccount: build.mutation<{ message: string; account: PlatformMessagingAccount }, PlatformMessagingAccountUpdate>({
      query: (body) => ({ url: '/platform/messaging-account', method: 'PUT', body }),
      // Whether a shop sends for real may change with the account: the messaging screens read it again.
      invalidatesTags: [{ type: 'PlatformMessaging', id: 'account' }, { type: 'TwilioSettings' }],
    }),
    clearPlatformMessagingAccount: build.mutation<{ message: string; account: PlatformMessagingAccount }, void>({
      query: () => ({ url: '/platform/messaging-account', method: 'DELETE' }),
      invalidatesTags: [{ type: 'PlatformMessaging', id: 'account' }, { type: 'TwilioSettings' }],
    }),
    getPlatformMessagingUsage: build.query<PlatformMessagingUsage, void>({
      query: () => '/platform/messaging-usage',
      providesTags: [{ type: 'PlatformMessaging', id: 'usage' }],
    }),
    getAdmins: build.query<AdminSummary[], void>({
      query: () => '/business/admins',
      providesTags: [{ type: 'Admin', id: LIST_TAG_ID }],
    }),
    getAdminBusinesses: build.query<Business[], string>({
      query: (adminId) => `/business/admins/${encodeURIComponent(adminId)}/businesses`,
      providesTags: (_result, _error, adminId) => [
        { type: 'Admin', id: adminId },
        { type: 'Business', id: LIST_TAG_ID },
      ],
    }),
    /** `PUT /settings/{businessId}` with one service flag (super admin only on the server too). */
    toggleService: build.mutation<Business, ServiceToggle>({
      query: ({ businessId, flag, enabled }) => ({
        url: `/settings/${encodeURIComponent(businessId)}`,
        method: 'PUT',
        body: { [flag]: enabled ? 1 : 0 },
      }),
      // Flags are also read by the campaigns and messaging remotes through these tags.
      invalidatesTags: (_result, _error, { businessId }) => [
        { type: 'Business', id: businessId },
        { type: 'Business', id: LIST_TAG_ID },
        { type: 'BusinessSettings', id: businessId },
        { type: 'TwilioSettings', id: businessId },
      ],
    }),
    /** `PUT /settings/{businessId}` with the shop's colour on wallet passes ('#rrggbb', or null for the default). */
    updateBrandColor: build.mutation<Business, { businessId: string; brandColor: string | null }>({
      query: ({ businessId, brandColor }) => ({
        url: `/settings/${encodeURIComponent(businessId)}`,
        method: 'PUT',
        body: { brand_color: brandColor },
      }),
      invalidatesTags: (_result, _error, { businessId }) => [
        { type: 'Business', id: businessId },
        { type: 'Business', id: LIST_TAG_ID },
        { type: 'BusinessSettings', id: businessId },
      ],
    }),
  }),
});

export const {
  useGetAdminsQuery,
  useGetAdminBusinessesQuery,
  useToggleServiceMutation,
  useUpdateBrandColorMutation,
  useGetPlatformMessagingAccountQuery,
  useSavePlatformMessagingAccountMutation,
  useClearPlatformMessagingAccountMutation,
  useGetPlatformMessagingUsageQuery,
} = settingsApi;
