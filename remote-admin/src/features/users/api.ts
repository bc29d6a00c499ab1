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
      invalidatesTags: [TEAM_TAG],
    }),
    resendInvitation: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/team/invitations/${encodeURIComponent(userId)}/resend`, method: 'POST' }),
      invalidatesTags: [TEAM_TAG],
    }),
    cancelInvitation: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/team/invitations/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: [TEAM_TAG],
    }),
    acceptInvitation: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/invitations/accept', method: 'POST', body }),
    }),
  }),
});

export const { useGetTeamQuery, useInviteMutation, useResendInvitationMutation, useCancelInvitationMutation, useAcceptInvitationMutation } = teamApi;
