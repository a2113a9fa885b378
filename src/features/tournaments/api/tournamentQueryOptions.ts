import { queryOptions } from '@tanstack/react-query';
import { tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { fetchJson } from '#src/lib/http/fetchJson.ts';

/** What the tournament page says when the id names none. */
export const TOURNAMENT_NOT_FOUND = 'This tournament does not exist.';

/**
 * `GET /api/tournaments/:id`: one tournament with its entrants, prizes, rules and standings. Not
 * polled: the page reads it again on each event of the tournament's stream (useTournamentStream).
 */
export function tournamentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['tournament', id] as const,
    queryFn: () =>
      fetchJson(
        `/api/tournaments/${encodeURIComponent(id)}`,
        tournamentDetailSchema,
        TOURNAMENT_NOT_FOUND,
      ),
  });
}
