import { queryOptions } from '@tanstack/react-query';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** How many of an agent's matches its page lists. */
const RECENT_MATCHES = 10;

/** `GET /api/matches?agent=`: an agent's newest matches, live ones included. */
export function agentMatchesQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: ['matches', 'agent', agentId] as const,
    queryFn: () =>
      fetchJson(
        `/api/matches?agent=${encodeURIComponent(agentId)}&limit=${RECENT_MATCHES}`,
        matchListResponseSchema,
      ),
    refetchInterval: 30_000,
  });
}
