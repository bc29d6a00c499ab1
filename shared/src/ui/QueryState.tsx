import { useDeferredValue, type ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Spinner } from './Spinner';

/** The part of an RTK Query hook's result a list draws from (pass the whole result). */
export interface QueryStateResult<T> {
  data?: T;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  /** What `useXxxQuery(arg)` returned. */
  query: QueryStateResult<T>;
  /** Announced while the first load runs, e.g. 'Caricamento delle campagne…'. */
  loadingLabel: string;
  /** Italian message of a failed load (or one built from the error, e.g. the server's); 'Riprova' loads again. */
  errorMessage: string | ((error: unknown) => string);
  /** Whether the answer has nothing to show; by default, an empty array. */
  isEmpty?: (data: T) => boolean;
  /**
   * What an empty answer shows: what is missing and how to fill it (the call to action). Every list has
   * one; only a query that is never empty (one record, a settings form) leaves it out.
   */
  empty?: EmptyStateProps | ((data: T) => EmptyStateProps);
  /** The data, once there is some to show. */
  children: (data: T) => ReactNode;
}

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The one way a list or table shows a query (docs/decisions/032): exactly one of
 * - loading: the first load (`isLoading`), a spinner with `loadingLabel`;
 * - error: the load failed and there is no data, `errorMessage` and 'Riprova' (calls `refetch`);
 * - empty: the answer has nothing (`isEmpty`), `empty` with its call to action;
 * - data: `children(data)`. A refresh (`isFetching` with data) keeps the data on screen, marked `aria-busy`;
 *   so does a refresh that failed (RTK Query keeps the last data): what was loaded stays readable.
 *
 * A list whose subject changes (another business, admin, page or search) is a new list: mount it with
 * `key={subject}`, so the subject's first load is a first load and another subject's rows never show under it.
 */
export function QueryState<T>({ query, loadingLabel, errorMessage, isEmpty = isEmptyArray, empty, children }: QueryStateProps<T>) {
  const { isLoading, isFetching, isError, error, refetch } = query;
  // An answer comes through the store, whose updates React draws at once, in one task: on a phone a list or a chart
  // drawn that way held the main thread for 100–300 ms (BENCHMARKS.md, sixteenth pass). Deferred, the store's update
  // only draws what was there (the spinner, the older rows) and the new answer follows in a transition's slices; a
  // list mounted with its answer already in draws it at once.
  const data = useDeferredValue(query.data);
  if (isError && data === undefined) {
    const message = typeof errorMessage === 'function' ? errorMessage(error) : errorMessage;
    return <ErrorState message={message} onRetry={() => void refetch()} />;
  }
  // A retry after an error has no data either: RTK Query reports it as a first load.
  if (isLoading || data === undefined) return <Spinner label={loadingLabel} />;
  if (empty && isEmpty(data)) return <EmptyState {...(typeof empty === 'function' ? empty(data) : empty)} />;
  return <div aria-busy={isFetching || undefined}>{children(data)}</div>;
}
