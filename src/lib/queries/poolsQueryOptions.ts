import { queryOptions } from '@tanstack/react-query';
import { matchPoolsSchema } from '#core/protocol/pools.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';

/**
 * Query options of one match's pools and implied odds. No polling: the watch page's event stream
 * puts the pools in this query whenever a bet changes them (useMatchStream).
 */
export function poolsQueryOptions(matchId: string) {
  return queryOptions({
    queryKey: ['pools', matchId] as const,
    queryFn: () =>
      requestJson(`/api/matches/${encodeURIComponent(matchId)}/pools`, matchPoolsSchema),
  });
}
