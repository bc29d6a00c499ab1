import { api, type ApiRequestBody, type ApiSchema } from '@loyalty/shared';

/** `GET /automations/business/{id}`: welcome, birthday and «ci manchi», each with its last 30 days' messages. */
export type Automations = ApiSchema<'Automations'>;
export type AutomationCounts = ApiSchema<'AutomationCounts'>;
/** `PUT /automations/business/{id}`: only the fields given change. */
export type AutomationsChange = ApiRequestBody<'/api/automations/business/{id}', 'put'>;

const tag = (businessId: string) => ({ type: 'Automation' as const, id: businessId });

export const automationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAutomations: build.query<Automations, string>({
      query: (businessId) => `/automations/business/${encodeURIComponent(businessId)}`,
      providesTags: (_result, _error, businessId) => [tag(businessId)],
    }),
    saveAutomations: build.mutation<Automations, { businessId: string; change: AutomationsChange }>({
      query: ({ businessId, change }) => ({ url: `/automations/business/${encodeURIComponent(businessId)}`, method: 'PUT', body: change }),
      invalidatesTags: (_result, _error, { businessId }) => [tag(businessId)],
    }),
  }),
});

export const { useGetAutomationsQuery, useSaveAutomationsMutation } = automationsApi;
