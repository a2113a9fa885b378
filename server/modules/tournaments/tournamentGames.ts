import { z } from 'zod';
import type { Entrant, PlayedGame } from '#core/tournaments/types.ts';
import type { Queryable } from '#server/db/database.ts';

const gameRowSchema = z.object({
  id: z.string(),
  round: z.number().int().min(1),
  first: z.string(),
  second: z.string(),
  status: z.enum(['scheduled', 'live', 'finished']),
  result: z.enum(['first', 'second', 'draw']).nullable(),
});

/** One game of a tournament as its match row holds it (an admin-cancelled one is left out). */
export type TournamentGameRow = z.infer<typeof gameRowSchema>;

/**
 * A tournament's games, round by round, through the matches_tournament index: bounded by the
 * schedule (a round robin of 256 is the largest). Cancelled games do not count: the runner
 * plays them again.
 */
export async function tournamentGames(
  db: Queryable,
  tournamentId: string,
): Promise<TournamentGameRow[]> {
  const { rows } = await db.query(
    `select id, tournament_round as round, first_agent_id as first, second_agent_id as second,
       status, result
     from matches where tournament_id = $1 and status <> 'cancelled'
     order by tournament_round, seq`,
    [tournamentId],
  );
  return rows.map((row) => gameRowSchema.parse(row));
}

/** The games that have a result, as core/tournaments records them. */
export function playedGames(games: readonly TournamentGameRow[]): PlayedGame[] {
  return games.flatMap((game) =>
    game.status === 'finished' && game.result !== null
      ? [{ round: game.round, first: game.first, second: game.second, result: game.result }]
      : [],
  );
}

/**
 * The entrants as the rounds are paired from: each with the rating it was seeded by when the
 * tournament started (the ratings in its game move with every game it rates), or, before the
 * start, the rating it has now (unrated: 1500).
 */
export async function seededEntrants(
  db: Queryable,
  tournamentId: string,
  game: string,
): Promise<Entrant[]> {
  const { rows } = await db.query<{ id: string; rating: number }>(
    `select e.agent_id as id, coalesce(e.seed_rating, r.rating, 1500) as rating
     from tournament_entrants e
       left join agent_ratings r on r.agent_id = e.agent_id and r.game = $2
     where e.tournament_id = $1 order by e.agent_id`,
    [tournamentId, game],
  );
  return rows.map((row) => ({ id: row.id, rating: Number(row.rating) }));
}
