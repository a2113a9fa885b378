import { queryOptions } from '@tanstack/react-query';
import { gameCatalogueSchema } from '#core/protocol/games.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** `GET /api/games`: the catalogue with live and finished counts per game. */
export function gamesQueryOptions() {
  return queryOptions({
    queryKey: ['games'] as const,
    queryFn: () => fetchJson('/api/games', gameCatalogueSchema),
    refetchInterval: 10_000,
  });
}
