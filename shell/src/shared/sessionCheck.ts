/**
 * The start-up session check (`/auth/me`), once per store. The bootstrap starts it before React's first render, so
 * its answer travels with the shop list and the first page's code instead of after the first commit (the App's
 * effect, which calls this too, for a store the bootstrap did not start it on: tests, a standalone mount).
 */
import { checkSession, type AppStore } from '@loyalty/shared';

type AppDispatch = AppStore['dispatch'];

const started = new WeakSet<AppDispatch>();

export function startSessionCheck(dispatch: AppDispatch): void {
  if (started.has(dispatch)) return;
  started.add(dispatch);
  void dispatch(checkSession());
}
