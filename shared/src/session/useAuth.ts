import { useCallback } from 'react';
import { MESSAGES } from '../messages';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  login as loginThunk,
  logout as logoutThunk,
  selectCurrentUser,
  selectSessionChecked,
  selectSessionLoading,
  type LoginFailure,
} from './sessionSlice';

/**
 * The server looked at the credentials and said no: 401, or another 4xx carrying an `error` body
 * (e.g. validation or throttling). Everything else (no response, timeout, 5xx) means we could not
 * ask it, which the login form reports as a connection problem and does not count as an attempt.
 */
function isCredentialsRejection(failure: LoginFailure): boolean {
  if (!('status' in failure) || typeof failure.status !== 'number') return false;
  if (failure.status === 401) return true;
  const data = failure.data as { error?: unknown } | null | undefined;
  return failure.status >= 400 && failure.status < 500 && typeof data?.error === 'string';
}

export interface Auth {
  user: ReturnType<typeof selectCurrentUser>;
  /** SPEC §4: true during the start-up check and during a login call. */
  loading: boolean;
  /** The start-up session check has finished: what route guards should wait for. */
  checked: boolean;
  /**
   * Resolves true when logged in, false when the credentials were rejected; throws an Error
   * (message MESSAGES.loginConnectionError, original failure as `cause`) when the server could not
   * answer: network error, timeout or 5xx.
   */
  login: (email: string, password: string) => Promise<boolean>;
  logout: () => void;
}

export function useAuth(): Auth {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const loading = useAppSelector(selectSessionLoading);
  const checked = useAppSelector(selectSessionChecked);

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        await dispatch(loginThunk({ email, password })).unwrap();
        return true;
      } catch (failure) {
        if (isCredentialsRejection(failure as LoginFailure)) return false;
        throw new Error(MESSAGES.loginConnectionError, { cause: failure });
      }
    },
    [dispatch],
  );

  const logout = useCallback(() => dispatch(logoutThunk()), [dispatch]);

  return { user, loading, checked, login, logout };
}
