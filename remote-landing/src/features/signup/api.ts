import { api } from '@loyalty/shared';

/** SPEC §7 POST /users/loyalty-cards/create, with both consents stored with the card. */
export interface CardSignupRequest {
  email: string;
  full_name: string;
  phone: string;
  role: 'client';
  business_id: string;
  /** The customer confirmed reading the privacy notice: required. */
  privacy_ack: true;
  /** Optional, separate consent to promotional messages (one consent per purpose). */
  marketing_consent: boolean;
}

export interface CardSignupResponse {
  id: string;
  user_id: string;
  business_name: string;
  card_number?: string;
}

const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    createLoyaltyCard: build.mutation<CardSignupResponse, CardSignupRequest>({
      query: (body) => ({ url: '/users/loyalty-cards/create', method: 'POST', body }),
    }),
  }),
});

export const { useCreateLoyaltyCardMutation } = signupApi;
