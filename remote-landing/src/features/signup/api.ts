import { api } from '@loyalty/shared';

export { cardImageLabel, cardStamps, collectedWord, isResent, type CardSignupRequest, type CardSignupResponse, type SignedUpCard, type SignupResentAnswer } from './model/signupAnswer';
import type { CardSignupRequest, CardSignupResponse } from './model/signupAnswer';

const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    createLoyaltyCard: build.mutation<CardSignupResponse, CardSignupRequest>({
      query: (body) => ({ url: '/users/loyalty-cards/create', method: 'POST', body }),
    }),
  }),
});

export const { useCreateLoyaltyCardMutation } = signupApi;
