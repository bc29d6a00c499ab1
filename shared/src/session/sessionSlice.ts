import {
  createAsyncThunk,
  createSlice,
  type SerializedError,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../api/apiSlice';
import type { LoginRequest, User } from '../domain/types';
import { sessionCleared } from './sessionEvents';
import { readToken, removeToken, storeToken } from './tokenStorage';

export interface SessionState {
  user: User | null;
  /** True until the first session check ends, and while a login call runs. */
  loading: boolean;
  /**
   * Whether the start-up session check has finished. Route guards wait on this, not on `loading`:
   * `loading` is also true during a login call, and a guard that hid the login page then would
   * unmount the form mid-submit and lose its failed-attempt count.
   */
  checked: boolean;
}

const initialState: SessionState = { user: null, loading: true, checked: false };

/** Why a login call failed: the API's answer, or what RTK Query reports when there was none. */
export type LoginFailure = FetchBaseQueryError | SerializedError;

/** No token → logged out; a token → fetch /auth/me; any failure drops the token. */
export const checkSession = createAsyncThunk('session/check', async (_: void, { dispatch }) => {
  if (!readToken()) return null;
  const request = dispatch(
    api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  try {
    return await request.unwrap();
  } catch {
    removeToken();
    return null;
  }
});

/** Login through the API: the token is stored and the user set. Rejects with the API's error so callers can tell a refusal from an outage. */
export const login = createAsyncThunk<User, LoginRequest, { rejectValue: LoginFailure }>(
  'session/login',
  async (credentials, { dispatch, rejectWithValue }) => {
    try {
      const { token, user } = await dispatch(api.endpoints.login.initiate(credentials)).unwrap();
      storeToken(token);
      // A new session must never be served what the previous one had cached.
      dispatch(api.util.resetApiState());
      return user;
    } catch (failure) {
      return rejectWithValue(failure as LoginFailure);
    }
  },
);

/** Logout is local only: the token is dropped, no server call. */
export function logout(): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    removeToken();
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(checkSession.pending, (state) => {
        state.loading = true;
      })
      .addCase(checkSession.fulfilled, (state, action) => {
        state.user = action.payload;
        state.loading = false;
        state.checked = true;
      })
      .addCase(login.pending, (state) => {
        state.loading = true;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.user = action.payload;
        state.loading = false;
        state.checked = true;
      })
      .addCase(login.rejected, (state) => {
        state.loading = false;
      })
      .addCase(sessionCleared, (state) => {
        state.user = null;
        state.loading = false;
        state.checked = true;
      });
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    /** Also true while a login call runs; guards should use selectSessionChecked. */
    selectSessionLoading: (state) => state.loading,
    selectSessionChecked: (state) => state.checked,
  },
});

export const { selectCurrentUser, selectSessionLoading, selectSessionChecked } = sessionSlice.selectors;
