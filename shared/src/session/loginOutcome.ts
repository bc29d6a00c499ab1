/**
 * The login call's outcome rules, free of React and the store: the app's `useAuth` and the login page's
 * script (remote-landing/src/exposed/public-pages/login/, through `@loyalty/shared/page-script`) both use them.
 */
import type { LoginFailure } from './sessionSlice';

/** How a login attempt ended when the server answered. */
export type LoginOutcome = 'signed-in' | 'rejected' | 'locked';

/**
 * What a failed login call means. 429: the server refuses to check credentials for now (its lock
 * after 3 failures, possibly set from another browser, or its rate limit). 401, or another 4xx
 * carrying an `error` body (e.g. validation): the server looked and said no. Everything else (no
 * response, timeout, 5xx) means we could not ask it, which the login form reports as a connection
 * problem and does not count as an attempt.
 */
export function loginFailureOutcome(failure: LoginFailure | { status: number; data: unknown }): Exclude<LoginOutcome, 'signed-in'> | 'unreachable' {
  if (!('status' in failure) || typeof failure.status !== 'number') return 'unreachable';
  if (failure.status === 429) return 'locked';
  if (failure.status === 401) return 'rejected';
  const data = failure.data as { error?: unknown } | null | undefined;
  return failure.status >= 400 && failure.status < 500 && typeof data?.error === 'string' ? 'rejected' : 'unreachable';
}
