import { queryOptions } from '@tanstack/react-query';
import { agentDetailSchema } from '#core/protocol/agentDetail.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';
import { AGENT_NOT_FOUND } from '#src/lib/queries/agentsQueryOptions.ts';

/** `GET /api/agents/:id`: one agent with its rating history. */
export function agentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['agent', id] as const,
    queryFn: () =>
      fetchJson(`/api/agents/${encodeURIComponent(id)}`, agentDetailSchema, AGENT_NOT_FOUND),
    refetchInterval: 30_000,
  });
}
