import { api, LIST_TAG_ID, type User } from '@loyalty/shared';

/** A row of `GET /users`: the user with its newest card (in the filtered business), if any. */
export interface ManagedUser extends User {
  card_id?: string | null;
}

/** `POST /users`: business_id for a client, password only when a super admin creates an admin. */
export interface NewUser {
  email: string;
  full_name: string;
  role: 'client' | 'admin';
  phone?: string;
  business_id?: string;
  password?: string;
}

export interface CreatedUser extends ManagedUser {
  /** PNG data URL of the card's add-points QR; null for users without a card (admins). */
  qrCode: string | null;
  message: string;
}

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
