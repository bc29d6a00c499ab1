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
import { loginFailureOutcome, type LoginOutcome } from './loginOutcome';

export interface Auth {
  user: ReturnType<typeof selectCurrentUser>;
  /** True during the start-up check and during a login call. */
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
