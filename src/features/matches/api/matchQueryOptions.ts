import { queryOptions } from '@tanstack/react-query';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** `GET /api/matches/:id`: one match with every move's trace. */
export function matchQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['match', id] as const,
    queryFn: () => fetchJson(`/api/matches/${encodeURIComponent(id)}`, matchDetailSchema),
    // Live updates come over the event stream; the query is the starting point and offline copy.
    staleTime: 5_000,
  });
}
