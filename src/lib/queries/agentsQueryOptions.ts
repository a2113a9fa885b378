import { queryOptions } from '@tanstack/react-query';
import type { GameId } from '#core/games/gameIds.ts';
import { agentListResponseSchema } from '#core/protocol/agents.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** What the agents' pages say when the server has no such agent. */
export const AGENT_NOT_FOUND = 'This agent does not exist.';

/**
 * `GET /api/agents`: the overall leaderboard or one game's, refreshed as matches finish. The one
 * definition of the `['agents']` query: the leaderboards and the watch page's player traits
 * share it.
 */
export function agentsQueryOptions(game: GameId | null = null) {
  return queryOptions({
    queryKey: ['agents', ...(game ? [game] : [])] as const,
    queryFn: () =>
      fetchJson(
        game ? `/api/agents?game=${game}` : '/api/agents',
        agentListResponseSchema,
        AGENT_NOT_FOUND,
      ),
    refetchInterval: 20_000,
  });
}

/**
 * `GET /api/agents?ids=`: the named agents (a watch page's two players), whatever their place on
 * the leaderboard, which lists only its top. Under `['agents']` so it refreshes with the lists.
 */
export function namedAgentsQueryOptions(ids: readonly string[]) {
  const sorted = [...ids].sort();
  return queryOptions({
    queryKey: ['agents', 'ids', ...sorted] as const,
    queryFn: () =>
      fetchJson(
        `/api/agents?ids=${sorted.map(encodeURIComponent).join(',')}`,
        agentListResponseSchema,
        AGENT_NOT_FOUND,
      ),
    enabled: sorted.length > 0,
    refetchInterval: 20_000,
  });
}
