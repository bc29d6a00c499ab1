import { useState } from 'react';
import { useCurrentBusiness } from '@loyalty/shared';
import type { CardStatusFilter } from './api';
import type { CardListQuery } from './PagedCards';
import { useDebouncedValue } from './useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 300;

/** Search box and filter of a card list, for the business chosen in the top bar. */
export function useBusinessCardQuery() {
  const { business } = useCurrentBusiness();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CardStatusFilter>('all');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query: CardListQuery | null = business ? { businessId: business.id, q, status } : null;
  return { business, search, setSearch, status, setStatus, query };
}
