import { queryOptions } from '@tanstack/react-query';
import { matchListResponseSchema } from '../../../../core/protocol/matches.ts';
import { request } from './request.ts';

/** Query options of the matches announced and taking bets, refreshed as new ones appear. */
export function announcedMatchesQueryOptions() {
  return queryOptions({
    queryKey: ['matches', 'scheduled'] as const,
    queryFn: () => request('/api/matches?status=scheduled&limit=20', matchListResponseSchema),
    refetchInterval: 5000,
  });
}
