import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { DEFAULT_BUSINESS_ID } from '../constants';
import type { Business } from '../domain/types';
import { sessionCleared } from '../session/sessionEvents';

export interface CurrentBusinessState {
  id: string | null;
}

const initialState: CurrentBusinessState = { id: null };

type BusinessRef = Pick<Business, 'id'>;

/** Keeps a still-valid choice; otherwise prefers the seed's default business, else the first. */
export function chooseBusinessId(
  currentId: string | null,
  businesses: readonly BusinessRef[],
): string | null {
  if (currentId !== null && businesses.some((business) => business.id === currentId)) {
    return currentId;
  }
  if (businesses.some((business) => business.id === DEFAULT_BUSINESS_ID)) return DEFAULT_BUSINESS_ID;
  return businesses[0]?.id ?? null;
}

export const currentBusinessSlice = createSlice({
  name: 'currentBusiness',
  initialState,
  reducers: {
    businessSelected: (state, action: PayloadAction<string>) => {
      state.id = action.payload;
    },
    businessesLoaded: (state, action: PayloadAction<readonly BusinessRef[]>) => {
      state.id = chooseBusinessId(state.id, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      // Whoever fetched the list (switcher, settings, a standalone remote), the choice follows it.
      .addMatcher(api.endpoints.getBusinesses.matchFulfilled, (state, action) => {
        state.id = chooseBusinessId(state.id, action.payload);
      })
      // A business just created becomes the current one: whoever made it is about to work on it.
      .addMatcher(api.endpoints.createBusiness.matchFulfilled, (state, action) => {
        state.id = action.payload.id;
      })
      .addMatcher(sessionCleared.match, (state) => {
        state.id = null;
      });
  },
  selectors: {
    selectCurrentBusinessId: (state) => state.id,
  },
});

export const { businessSelected, businessesLoaded } = currentBusinessSlice.actions;
export const { selectCurrentBusinessId } = currentBusinessSlice.selectors;
