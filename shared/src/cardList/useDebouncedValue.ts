import { useEffect, useState } from 'react';

/** How long a search box waits for the typing to stop before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stopped changing for `delayMs` (search boxes, the bonus threshold). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
