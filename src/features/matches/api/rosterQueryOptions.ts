import { queryOptions } from '@tanstack/react-query';
import { agentListResponseSchema } from '../../../../core/protocol/agents.ts';
import { fetchJson } from '../../../lib/http/fetchJson.ts';

/** `GET /api/agents` for the players' traits (same key and body as the leaderboard's query). */
export function rosterQueryOptions() {
  return queryOptions({
    queryKey: ['agents'] as const,
    queryFn: () => fetchJson('/api/agents', agentListResponseSchema),
    staleTime: 20_000,
  });
}
