/**
 * Decision 101: the first page's data asked for by the bootstrap, in parallel with the remote's code. The cards
 * screen's list waited for the screen to render before its request left (in Lighthouse's mobile run, the last link
 * of the page's largest paint); here it leaves as soon as the shop list is in (decision 102: not the session), for the shop the
 * screen will show: the one remembered for this user (decision 071) while the API still lists it, else the one the
 * shop list chose.
 *
 * The user whose remembered shop counts is the one the stored token names, so the request does not wait for
 * `/auth/me` (a round trip that starts only after React's first render); a token that names no one waits for it.
 */
import { api, prefetchCardList, readRememberedBusiness, selectCurrentBusinessId, selectCurrentUser, type AppStore } from '@loyalty/shared';
import type { RouteEntry } from './routeTable';
import { storedTokenSubject } from './storedSession';

const selectBusinesses = api.endpoints.getBusinesses.select();

export function startFirstPageData(store: AppStore, firstData: RouteEntry['firstData'] | null, storage: () => Storage = () => window.localStorage): void {
  if (firstData !== 'card-list') return;
  const tokenUser = storedTokenSubject(storage);
  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    const businesses = selectBusinesses(state);
    const user = selectCurrentUser(state);
    // Signed out, or no shop list: the page will say so itself; nothing to ask for.
    if (businesses.isError || (state.session.checked && !user)) {
      unsubscribe();
      return;
    }
    const userId = user?.id ?? tokenUser;
    if (!userId || !businesses.data) return;
    unsubscribe();
    // The restore rule of useRememberedBusiness (without storage, or with a shop no longer listed: the list's choice).
    const remembered = readRememberedBusiness(userId);
    const businessId = remembered && businesses.data.some((b) => b.id === remembered) ? remembered : selectCurrentBusinessId(state);
    if (businessId) void store.dispatch(prefetchCardList(businessId));
  });
}
