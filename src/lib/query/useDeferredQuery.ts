import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/**
 * `useQuery` for a page that renders a lot from the answer (a list of matches, a leaderboard, a
 * match's moves): the answer renders as a transition, not as one long task.
 *
 * TanStack Query delivers results through `useSyncExternalStore`, whose updates React always
 * renders synchronously, so a list arriving (or refetched) rendered in one uninterruptible task:
 * a finished match's watch page, about 40 ms (160 ms on Lighthouse's 4x slower CPU). Here the
 * component first re-renders with the result it had (cheap when the heavy part is memoized),
 * then React renders the new one in slices that yield to the browser; only the commit is one
 * piece.
 *
 * The result is kept as one snapshot that changes with data, status, error and fetch status
 * together, so the page never sees new data with an old status (or the reverse). Other fields
 * (`isFetching`, `dataUpdatedAt`…) are those of the snapshot's time: read them from `useQuery`.
 * During hydration the deferred value is the current one, so the first render matches the
 * prerendered page.
 */
export function useDeferredQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const query = useQuery(options);
  // useQuery returns a new object on every render; the snapshot changes only when what a page
  // shows does, so a re-render for another reason defers nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed fields are the snapshot's identity.
  const snapshot = useMemo(() => query, [query.data, query.status, query.error, query.fetchStatus]);
  return useDeferredValue(snapshot);
}
