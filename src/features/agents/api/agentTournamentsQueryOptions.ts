import { queryOptions } from '@tanstack/react-query';
import { agentTournamentsSchema } from '#core/protocol/tournamentViews.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** `GET /api/agents/:id/tournaments`: an agent's newest tournaments, with its place in each. */
export function agentTournamentsQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: ['tournaments', 'agent', agentId] as const,
    queryFn: () =>
      fetchJson(`/api/agents/${encodeURIComponent(agentId)}/tournaments`, agentTournamentsSchema),
    refetchInterval: 60_000,
  });
}
