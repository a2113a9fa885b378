import { ACCURATE_GRADES } from '../../../../core/games/matchStory.ts';
import type { MatchResult } from '../../../../core/protocol/matches.ts';
import { type Glicko2Rating, rateGame } from '../../../../core/ratings/glicko2.ts';
import type { Queryable } from '../../../db/database.ts';

interface RatingRow extends Glicko2Rating {
  id: string;
}

const SCORE_OF_FIRST = { first: 1, second: 0, draw: 0.5 } as const;

type Outcome = 'win' | 'loss' | 'draw';

function outcomesOf(result: MatchResult): [Outcome, Outcome] {
  if (result === 'draw') return ['draw', 'draw'];
  return result === 'first' ? ['win', 'loss'] : ['loss', 'win'];
}

const tally = (outcome: Outcome) => [
  outcome === 'win' ? 1 : 0,
  outcome === 'loss' ? 1 : 0,
  outcome === 'draw' ? 1 : 0,
];

/** Each agent's judged moves in one match, and how many of them kept the value. */
async function verdictCounts(
  tx: Queryable,
  matchId: string,
): Promise<Map<string, { judged: number; accurate: number }>> {
  const { rows } = await tx.query<{ agent_id: string; judged: number; accurate: number }>(
    `select agent_id, count(*)::int as judged,
       count(*) filter (where verdict->>'grade' = any($2))::int as accurate
     from match_moves where match_id = $1 and verdict is not null group by agent_id`,
    [matchId, ACCURATE_GRADES],
  );
  return new Map(rows.map((row) => [row.agent_id, row]));
}

/**
 * Rates both agents of a finished match (Glicko-2, one game per period) twice: in the match's
 * game (`agent_ratings`, with history) and overall (`agents`, every game together), and adds the
 * match's judged moves to each agent's accuracy in the game.
 */
export async function applyRatings(
  tx: Queryable,
  matchId: string,
  result: MatchResult,
  now: Date,
): Promise<void> {
  const { rows: sides } = await tx.query<{
    game: string;
    first_agent_id: string;
    second_agent_id: string;
  }>('select game, first_agent_id, second_agent_id from matches where id = $1', [matchId]);
  const side = sides[0];
  if (!side) return;
  const ids = [side.first_agent_id, side.second_agent_id];
  const outcomes = outcomesOf(result);
  // Locks in id order on both tables, as every writer does, so two settlements never deadlock.
  // `no key update`, the lock the rating's update takes anyway: a plain `for update` also waits
  // for the key-share locks that the move rows' and log rows' foreign keys take on an agent, and
  // two match ends, each holding one from its move, deadlocked on the other's (bots bench).
  const overall = await tx.query<RatingRow>(
    `select id, rating, deviation, volatility from agents where id = any($1) order by id
     for no key update`,
    [ids],
  );
  for (const id of ids) {
    await tx.query(
      'insert into agent_ratings (agent_id, game) values ($1, $2) on conflict do nothing',
      [id, side.game],
    );
  }
  const inGame = await tx.query<RatingRow>(
    `select agent_id as id, rating, deviation, volatility from agent_ratings
     where game = $2 and agent_id = any($1) order by agent_id for update`,
    [ids, side.game],
  );
  const rated = (rows: RatingRow[]) => {
    const first = rows.find((row) => row.id === side.first_agent_id);
    const second = rows.find((row) => row.id === side.second_agent_id);
    return first && second ? rateGame(first, second, SCORE_OF_FIRST[result]) : null;
  };
  const overallAfter = rated(overall.rows);
  const gameAfter = rated(inGame.rows);
  if (!overallAfter || !gameAfter) return;
  const verdicts = await verdictCounts(tx, matchId);
  for (const [index, id] of ids.entries()) {
    const outcome = outcomes[index]!;
    const total = overallAfter[index]!;
    const game = gameAfter[index]!;
    await tx.query(
      `update agents set rating = $2, deviation = $3, volatility = $4,
         wins = wins + $5, losses = losses + $6, draws = draws + $7 where id = $1`,
      [id, total.rating, total.deviation, total.volatility, ...tally(outcome)],
    );
    const judged = verdicts.get(id) ?? { judged: 0, accurate: 0 };
    await tx.query(
      `update agent_ratings set rating = $3, deviation = $4, volatility = $5,
         wins = wins + $6, losses = losses + $7, draws = draws + $8,
         judged_moves = judged_moves + $9, accurate_moves = accurate_moves + $10
       where agent_id = $1 and game = $2`,
      [
        id,
        side.game,
        game.rating,
        game.deviation,
        game.volatility,
        ...tally(outcome),
        judged.judged,
        judged.accurate,
      ],
    );
    await tx.query(
      `insert into rating_history (agent_id, match_id, game, rating, deviation, volatility,
         recorded_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, matchId, side.game, game.rating, game.deviation, game.volatility, now],
    );
  }
}
