import { queryOptions } from '@tanstack/react-query';
import { getMe } from './getMe.ts';

/** Session and sign-in state are refetched every 5 minutes (SPEC section 4). */
export const SESSION_REFETCH_MS = 5 * 60 * 1000;

/** Query key of the signed-in user. */
export const ME_QUERY_KEY = ['me'] as const;

/** Query options for the signed-in user, refreshed every 5 minutes. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    staleTime: 30_000,
    refetchInterval: SESSION_REFETCH_MS,
  });
}
