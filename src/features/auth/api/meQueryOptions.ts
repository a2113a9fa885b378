import { queryOptions } from '@tanstack/react-query';
import { getMe } from './getMe.ts';

/** Session and sign-in state are refetched every 5 minutes (SPEC section 4). */
const SESSION_REFETCH_MS = 5 * 60 * 1000;

/** Query key of the signed-in user. */
export const ME_QUERY_KEY = ['me'] as const;

/**
 * Query options for the signed-in user: refreshed every 5 minutes, and always revalidated on
 * start because a restored (persisted) answer may predate a sign-in or sign-out.
 *
 * Asked even offline ('offlineFirst'): getMe answers a visitor (no sign-in hint) without the
 * network. TanStack's default pauses a query that starts offline before it runs, and the header
 * showed its placeholder instead of Login for as long as the visitor stayed offline (a page whose
 * query started after the connection dropped, e.g. once a slow restore of the saved cache ended).
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    refetchInterval: SESSION_REFETCH_MS,
    networkMode: 'offlineFirst',
  });
}
