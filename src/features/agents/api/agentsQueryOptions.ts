import { queryOptions } from '@tanstack/react-query';
import { agentDetailSchema, agentListResponseSchema } from '../../../../core/protocol/agents.ts';
import { fetchJson } from '../../../lib/http/fetchJson.ts';

/** What the agents' pages say when the server has no such agent. */
const AGENT_NOT_FOUND = 'This agent does not exist.';

/** `GET /api/agents`: the leaderboard, refreshed as matches finish. */
export function agentsQueryOptions() {
  return queryOptions({
    queryKey: ['agents'] as const,
    queryFn: () => fetchJson('/api/agents', agentListResponseSchema, AGENT_NOT_FOUND),
    refetchInterval: 20_000,
  });
}

/** `GET /api/agents/:id`: one agent with its rating history. */
export function agentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['agent', id] as const,
    queryFn: () =>
      fetchJson(`/api/agents/${encodeURIComponent(id)}`, agentDetailSchema, AGENT_NOT_FOUND),
    refetchInterval: 30_000,
  });
}
