import { queryOptions } from '@tanstack/react-query';
import { matchPoolsSchema } from '../../../../core/protocol/bets.ts';
import { requestJson } from '../../../lib/http/requestJson.ts';

/** How often the pools refresh while a match takes bets: odds move as others bet. */
const POOLS_REFRESH_MS = 2000;

/** Query options of one match's pools and implied odds, refreshed while betting is open. */
export function poolsQueryOptions(matchId: string) {
  return queryOptions({
    queryKey: ['pools', matchId] as const,
    queryFn: () =>
      requestJson(`/api/matches/${encodeURIComponent(matchId)}/pools`, matchPoolsSchema),
    refetchInterval: (query) => (query.state.data?.open === false ? false : POOLS_REFRESH_MS),
  });
}
