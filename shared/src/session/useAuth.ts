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

/** How a login attempt ended when the server answered. */
export type LoginOutcome = 'signed-in' | 'rejected' | 'locked';

/**
 * What a failed login call means. 429: the server refuses to check credentials for now (its lock
 * after 3 failures, possibly set from another browser, or its rate limit). 401, or another 4xx
 * carrying an `error` body (e.g. validation): the server looked and said no. Everything else (no
 * response, timeout, 5xx) means we could not ask it, which the login form reports as a connection
 * problem and does not count as an attempt.
 */
export function loginFailureOutcome(failure: LoginFailure): Exclude<LoginOutcome, 'signed-in'> | 'unreachable' {
  if (!('status' in failure) || typeof failure.status !== 'number') return 'unreachable';
  if (failure.status === 429) return 'locked';
  if (failure.status === 401) return 'rejected';
  const data = failure.data as { error?: unknown } | null | undefined;
  return failure.status >= 400 && failure.status < 500 && typeof data?.error === 'string' ? 'rejected' : 'unreachable';
}

export interface Auth {
  user: ReturnType<typeof selectCurrentUser>;
  /** SPEC §4: true during the start-up check and during a login call. */
  loading: boolean;
  /** The start-up session check has finished: what route guards should wait for. */
  checked: boolean;
  /**
   * Resolves true when logged in, false when the credentials were rejected or the server's lock
   * refused the attempt (use `attemptLogin` to tell them apart); throws an Error
   * (message MESSAGES.loginConnectionError, original failure as `cause`) when the server could not
   * answer: network error, timeout or 5xx.
   */
  login: (email: string, password: string) => Promise<boolean>;
  /**
   * Like `login`, telling a refusal of the credentials ('rejected') from the server's lock ('locked',
   * HTTP 429); throws the same Error when the server could not answer.
   */
  attemptLogin: (email: string, password: string) => Promise<LoginOutcome>;
  logout: () => void;
}

export function useAuth(): Auth {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const loading = useAppSelector(selectSessionLoading);
  const checked = useAppSelector(selectSessionChecked);

  const attemptLogin = useCallback(
    async (email: string, password: string): Promise<LoginOutcome> => {
      try {
        await dispatch(loginThunk({ email, password })).unwrap();
        return 'signed-in';
      } catch (failure) {
        const outcome = loginFailureOutcome(failure as LoginFailure);
        if (outcome === 'unreachable') throw new Error(MESSAGES.loginConnectionError, { cause: failure });
        return outcome;
      }
    },
    [dispatch],
  );

  const login = useCallback(
    async (email: string, password: string) => (await attemptLogin(email, password)) === 'signed-in',
    [attemptLogin],
  );

  const logout = useCallback(() => dispatch(logoutThunk()), [dispatch]);

  return { user, loading, checked, login, attemptLogin, logout };
}
