import { api, LIST_TAG_ID, type ApiRequestBody, type ApiSchema } from '@loyalty/shared';

/** A row of `GET /users`: the user with its newest card (in the filtered business), if any. */
export type ManagedUser = ApiSchema<'UserListItem'>;

/** `POST /users`: business_id for a client, password only when a super admin creates an admin. */
export type NewUser = ApiRequestBody<'/api/users', 'post'>;

/** The new user, with `qrCode`: PNG data URL of the card's add-points QR; null for users without a card (admins). */
export type CreatedUser = ApiSchema<'CreatedUser'>;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<ManagedUser[], { businessId?: string }>({
      query: ({ businessId }) => ({ url: '/users', params: businessId ? { business_id: businessId } : undefined }),
      providesTags: [{ type: 'User', id: LIST_TAG_ID }],
    }),
    createUser: build.mutation<CreatedUser, NewUser>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      // A new admin also changes the super admin's list of admins (Settings → Gestione Admin).
      invalidatesTags: (_result, _error, body) => [
        { type: 'User', id: LIST_TAG_ID },
        ...(body.role === 'admin' ? [{ type: 'Admin' as const, id: LIST_TAG_ID }] : []),
      ],
    }),
  }),
});

export const { useGetUsersQuery, useCreateUserMutation } = usersApi;

/** Decision 070: a colleague of the owner's shops (co-admin or «Operatore di cassa») and its invitation's state. */
export type TeamMember = ApiSchema<'TeamMember'>;
export type Invitation = ApiRequestBody<'/api/team/invitations', 'post'>;
const TEAM_TAG = { type: 'User' as const, id: 'team' };

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeam: build.query<TeamMember[], void>({ query: () => ({ url: '/team' }), providesTags: [TEAM_TAG] }),
    invite: build.mutation<{ message: string; member: TeamMember }, Invitation>({
      query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
      invalidatesTags: [TEAM_TAG, { type: 'User', id: 'audit' }, { type: 'User', id: 'accounts' }],
    }),
    resendInvitation: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/team/invitations/${encodeURIComponent(userId)}/resend`, method: 'POST' }),
      invalidatesTags: [TEAM_TAG, { type: 'User', id: 'audit' }],
    }),
    cancelInvitation: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/team/invitations/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: [TEAM_TAG, { type: 'User', id: 'audit' }, { type: 'User', id: 'accounts' }],
    }),
    acceptInvitation: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/invitations/accept', method: 'POST', body }),
    }),
  }),
});

export const { useGetTeamQuery, useInviteMutation, useResendInvitationMutation, useCancelInvitationMutation, useAcceptInvitationMutation } = teamApi;

/**
 * Decision 078: the row actions of «Gestione Utenti» on `/api/accounts` (decision 071) — the people the viewer may
 * manage (super admin: every other account; an owner: the people of their shops) — and the super admin's audit.
 */
export type ManageableAccount = ApiSchema<'ManagedUser'>;
export type AuditEvent = ApiSchema<'UserAuditEvent'>;
export type AccountRole = ApiRequestBody<'/api/accounts/{id}/role', 'put'>['role'];
const ACCOUNTS_TAG = { type: 'User' as const, id: 'accounts' };
const AUDIT_TAG = { type: 'User' as const, id: 'audit' };
/** Whatever changes a person changes the three lists that show it, and the audit. */
const CHANGED = [ACCOUNTS_TAG, AUDIT_TAG, TEAM_TAG, { type: 'User' as const, id: LIST_TAG_ID }];
const account = (id: string, path = '') => `/accounts/${encodeURIComponent(id)}${path}`;

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<ManageableAccount[], void>({ query: () => ({ url: '/accounts' }), providesTags: [ACCOUNTS_TAG] }),
    getAccountsAudit: build.query<AuditEvent[], void>({ query: () => ({ url: '/accounts/audit' }), providesTags: [AUDIT_TAG] }),
    changeRole: build.mutation<{ message: string }, { id: string; role: AccountRole }>({
      query: ({ id, role }) => ({ url: account(id, '/role'), method: 'PUT', body: { role } }),
      invalidatesTags: CHANGED,
    }),
    changeShops: build.mutation<{ message: string }, { id: string; business_ids: string[] }>({
      query: ({ id, business_ids }) => ({ url: account(id, '/shops'), method: 'PUT', body: { business_ids } }),
      invalidatesTags: CHANGED,
    }),
    setDisabled: build.mutation<{ message: string }, { id: string; disabled: boolean }>({
      query: ({ id, disabled }) => ({ url: account(id, disabled ? '/disable' : '/enable'), method: 'POST' }),
      invalidatesTags: CHANGED,
    }),
    deleteAccount: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: account(id), method: 'DELETE' }),
      invalidatesTags: CHANGED,
    }),
    sendResetLink: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: account(id, '/reset-link'), method: 'POST' }),
      invalidatesTags: [AUDIT_TAG],
    }),
  }),
});

export const {
  useGetAccountsQuery,
  useGetAccountsAuditQuery,
  useChangeRoleMutation,
  useChangeShopsMutation,
  useSetDisabledMutation,
  useDeleteAccountMutation,
  useSendResetLinkMutation,
} = accountsApi;
