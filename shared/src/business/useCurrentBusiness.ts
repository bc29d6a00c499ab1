import { useCallback, useMemo } from 'react';
import { useGetBusinessesQuery } from '../api/apiSlice';
import type { Business } from '../domain/types';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { businessSelected, selectCurrentBusinessId } from './currentBusinessSlice';

const NO_BUSINESSES: readonly Business[] = [];

/** The signed-in user's businesses and the one currently selected in the top bar. */
export function useCurrentBusiness() {
  const dispatch = useAppDispatch();
  const businessId = useAppSelector(selectCurrentBusinessId);
  const { data: businesses = NO_BUSINESSES, isLoading, error } = useGetBusinessesQuery();

  const business = useMemo(
    () => businesses.find((candidate) => candidate.id === businessId) ?? null,
    [businesses, businessId],
  );
  const select = useCallback((id: string) => dispatch(businessSelected(id)), [dispatch]);

  return { businessId, business, businesses, isLoading, error, select };
}
