/**
 * Decision 101: the first page's data asked for by the bootstrap, in parallel with the remote's code. The cards
 * screen's list waited for the screen to render before its request left (in Lighthouse's mobile run, the last link
 * of the page's largest paint); here it leaves as soon as the session and the shop list are in, for the shop the
 * screen will show: the one remembered for this user (decision 071) while the API still lists it, else the one the
 * shop list chose.
 */
import { api, prefetchCardList, readRememberedBusiness, selectCurrentBusinessId, selectCurrentUser, type AppStore } from '@loyalty/shared';
import type { RouteEntry } from './routeTable';

const selectBusinesses = api.endpoints.getBusinesses.select();

export function startFirstPageData(store: AppStore, firstData: RouteEntry['firstData'] | null): void {
  if (firstData !== 'card-list') return;
  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    const businesses = selectBusinesses(state);
    const user = selectCurrentUser(state);
    // Signed out, or no shop list: the page will say so itself; nothing to ask for.
    if (businesses.isError || (state.session.checked && !user)) {
      unsubscribe();
      return;
    }
    if (!user || !businesses.data) return;
    unsubscribe();
    // The restore rule of useRememberedBusiness (without storage, or with a shop no longer listed: the list's choice).
    const remembered = readRememberedBusiness(user.id);
    const businessId = remembered && businesses.data.some((b) => b.id === remembered) ? remembered : selectCurrentBusinessId(state);
    if (businessId) void store.dispatch(prefetchCardList(businessId));
  });
}
