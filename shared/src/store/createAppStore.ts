import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { currentBusinessSlice } from '../business/currentBusinessSlice';
import { notificationsSlice } from '../notifications/notificationsSlice';
import { sessionSlice } from '../session/sessionSlice';

/**
 * Slices remotes inject later with `rootReducer.inject(slice)`. A remote declares its own for typed
 * selectors: `declare module '@loyalty/shared' { interface LazyLoadedSlices { campaigns: CampaignsState } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  api,
  sessionSlice,
  currentBusinessSlice,
  notificationsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
