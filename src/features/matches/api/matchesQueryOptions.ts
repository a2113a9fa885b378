import { queryOptions } from '@tanstack/react-query';
import type { GameId } from '#core/games/gameIds.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** Live matches are re-listed this often, so new ones appear without a reload. */
const LIVE_LIST_REFRESH_MS = 3_000;

/** How often each list is fetched again: live and announced ones change within seconds. */
const REFRESH_MS = { live: LIVE_LIST_REFRESH_MS, scheduled: 5_000, finished: 15_000 } as const;

/**
 * `GET /api/matches?status=…`: the first page, newest first (`scheduled`: announced ones), of
 * every game or of one.
 */
export function matchesQueryOptions(
  status: keyof typeof REFRESH_MS,
  limit = 20,
  game: GameId | null = null,
) {
  const gameQuery = game ? `&game=${game}` : '';
  return queryOptions({
    queryKey: ['matches', status, limit, ...(game ? [game] : [])] as const,
    queryFn: () =>
      fetchJson(
        `/api/matches?status=${status}&limit=${limit}${gameQuery}`,
        matchListResponseSchema,
      ),
    refetchInterval: REFRESH_MS[status],
  });
}
