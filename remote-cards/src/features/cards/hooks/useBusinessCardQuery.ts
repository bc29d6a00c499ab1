import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useCurrentBusiness, useDebouncedValue, type CardListQuery, type CardStatusFilter } from '@loyalty/shared';

/** Search box and filter of a card list, for the business chosen in the top bar. */
export function useBusinessCardQuery() {
  const { business } = useCurrentBusiness();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CardStatusFilter>('all');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query: CardListQuery | null = business ? { businessId: business.id, q, status } : null;
  return { business, search, setSearch, status, setStatus, query };
}
