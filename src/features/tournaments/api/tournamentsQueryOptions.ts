import { queryOptions } from '@tanstack/react-query';
import type { GameId } from '#core/games/gameIds.ts';
import { tournamentListSchema } from '#core/protocol/tournamentViews.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** `GET /api/tournaments`: upcoming, live and finished tournaments, of every game or of one. */
export function tournamentsQueryOptions(game: GameId | null) {
  return queryOptions({
    queryKey: ['tournaments', game ?? 'all'] as const,
    queryFn: () =>
      fetchJson(`/api/tournaments${game ? `?game=${game}` : ''}`, tournamentListSchema),
    refetchInterval: 30_000,
  });
}
