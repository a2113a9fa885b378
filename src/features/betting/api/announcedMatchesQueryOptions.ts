import { queryOptions } from '@tanstack/react-query';
import { matchListResponseSchema } from '../../../../core/protocol/matches.ts';
import { requestJson } from '../../../lib/http/requestJson.ts';

/** Query options of the matches announced and taking bets, refreshed as new ones appear. */
export function announcedMatchesQueryOptions() {
  return queryOptions({
    queryKey: ['matches', 'scheduled'] as const,
    queryFn: () => requestJson('/api/matches?status=scheduled&limit=20', matchListResponseSchema),
    refetchInterval: 5000,
  });
}
