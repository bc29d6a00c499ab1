/**
 * The shop remembered (decision 071): the business chosen in the top bar is kept per user in local storage
 * (`currentBusiness:<user id>`), read back on a reload or in a new tab, and followed across open tabs through
 * the `storage` event. A remembered id counts only while it is among the businesses the API lists for the user;
 * otherwise the usual choice applies (`chooseBusinessId`: the default, else the first).
 */
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectCurrentUser } from '../session/sessionSlice';
import { businessSelected, selectCurrentBusinessId } from './currentBusinessSlice';
import { useCurrentBusiness } from './useCurrentBusiness';

export const rememberedBusinessKey = (userId: string) => `currentBusiness:${userId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readRememberedBusiness(userId: string, store: Storage | null = storage()): string | null {
  try {
    return store?.getItem(rememberedBusinessKey(userId)) ?? null;
  } catch {
    return null;
  }
}

export function rememberBusiness(userId: string, businessId: string, store: Storage | null = storage()): void {
  try {
    store?.setItem(rememberedBusinessKey(userId), businessId);
  } catch {
    // without storage the choice lasts this tab only
  }
}

/** Mounted once by the dashboard's layout: restores, keeps and follows the signed-in user's chosen business. */
export function useRememberedBusiness(): void {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const currentId = useAppSelector(selectCurrentBusinessId);
  const { businesses } = useCurrentBusiness();
  const userId = user?.id ?? null;
  const loaded = businesses.length > 0;

  // Restore once per user when the list is known (only an id the user may still see); then keep every choice.
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || !loaded) return;
    const allowed = (id: string | null): id is string => id !== null && businesses.some((b) => b.id === id);
    if (restoredFor.current !== userId) {
      restoredFor.current = userId;
      const remembered = readRememberedBusiness(userId);
      if (allowed(remembered) && remembered !== currentId) {
        dispatch(businessSelected(remembered));
        return;
      }
    }
    if (allowed(currentId)) rememberBusiness(userId, currentId);
  }, [userId, loaded, currentId, businesses, dispatch]);

  // Another tab chose: follow it, if the business is one of this user's.
  useEffect(() => {
    if (!userId) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== rememberedBusinessKey(userId) || !event.newValue) return;
      if (businesses.some((b) => b.id === event.newValue)) dispatch(businessSelected(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId, businesses, dispatch]);
}
