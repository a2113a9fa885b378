import { ACCURATE_GRADES } from '#core/games/matchStory.ts';
import type { MatchResult } from '#core/protocol/matches.ts';
import { type Glicko2Rating, rateGame } from '#core/ratings/glicko2.ts';
import type { Queryable } from '#server/db/database.ts';

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

/** The match a rating is for: its game and its two agents. */
export interface RatedMatch {
  id: string;
  game: string;
  firstAgentId: string;
  secondAgentId: string;
}

/**
 * Rates both agents of a finished match (Glicko-2, one game per period) twice: in the match's
 * game (`agent_ratings`, with history) and overall (`agents`, every game together), and adds the
 * match's judged moves to each agent's accuracy in the game. Three statements: a match's end is
 * most of the statements a bots' match costs beside its moves (docs/FIGURES.md).
 */
export async function applyRatings(
  tx: Queryable,
  match: RatedMatch,
  result: MatchResult,
  now: Date,
): Promise<void> {
  const ids = [match.firstAgentId, match.secondAgentId];
  // Locks in id order on both tables, as every writer does, so two settlements never deadlock.
  // `no key update`, the lock the rating's update takes anyway: a plain `for update` also waits
  // for the key-share locks that the move rows' and log rows' foreign keys take on an agent, and
  // two match ends, each holding one from its move, deadlocked on the other's (bots bench).
  const overall = await tx.query<RatingRow>(
    `select id, rating, deviation, volatility from agents where id = any($1) order by id
     for no key update`,
    [ids],
  );
  // A standing row in the match's game for each (an agent may play a game it no longer lists),
  // locked and read in the same statement: the no-op update of a row already there locks it as
  // the rating's update will, and returns it as it stands. Rows go in id order, as locks must.
  const inGame = await tx.query<RatingRow>(
    `insert into agent_ratings (agent_id, game)
     select id, $2 from (select distinct unnest($1::text[]) as id) as i order by id
     on conflict (agent_id, game) do update set rating = agent_ratings.rating
     returning agent_id as id, rating, deviation, volatility`,
    [ids, match.game],
  );
  const rated = (rows: RatingRow[]) => {
    const first = rows.find((row) => row.id === match.firstAgentId);
    const second = rows.find((row) => row.id === match.secondAgentId);
    return first && second ? rateGame(first, second, SCORE_OF_FIRST[result]) : null;
  };
  const overallAfter = rated(overall.rows);
  const gameAfter = rated(inGame.rows);
  if (!overallAfter || !gameAfter) return;
  const tallies = outcomesOf(result).map(tally);
  const column = <T>(values: readonly T[][], index: number) => values.map((row) => row[index]);
  const standings = (after: readonly Glicko2Rating[]) => [
    after.map((rating) => rating.rating),
    after.map((rating) => rating.deviation),
    after.map((rating) => rating.volatility),
  ];
  // Both agents, both tables and the history in one statement (the rows are locked above). The
  // judged moves are counted here, under the lock this transaction holds on the match row: a
  // late verdict stored meanwhile waits for it and then adds itself to the counters
  // (store/lateVerdict.ts), so each verdict is counted here or there, once.
  await tx.query(
    `with v as (
       select * from unnest($1::text[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
         $8::float8[], $9::float8[], $10::int[], $11::int[], $12::int[])
         as v(id, rating, deviation, volatility, game_rating, game_deviation, game_volatility,
           wins, losses, draws)
     ), judged as (
       select agent_id, count(*)::int as judged,
         count(*) filter (where verdict->>'grade' = any($13))::int as accurate
       from match_moves where match_id = $2 and verdict is not null group by agent_id
     ), overall as (
       update agents a set rating = v.rating, deviation = v.deviation,
         volatility = v.volatility, wins = a.wins + v.wins, losses = a.losses + v.losses,
         draws = a.draws + v.draws
       from v where a.id = v.id
     ), in_game as (
       update agent_ratings r set rating = v.game_rating, deviation = v.game_deviation,
         volatility = v.game_volatility, wins = r.wins + v.wins, losses = r.losses + v.losses,
         draws = r.draws + v.draws,
         judged_moves = r.judged_moves + coalesce(judged.judged, 0),
         accurate_moves = r.accurate_moves + coalesce(judged.accurate, 0)
       from v left join judged on judged.agent_id = v.id
       where r.agent_id = v.id and r.game = $3
     )
     insert into rating_history (agent_id, match_id, game, rating, deviation, volatility,
       recorded_at)
     select v.id, $2, $3, v.game_rating, v.game_deviation, v.game_volatility, $14 from v`,
    [
      ids,
      match.id,
      match.game,
      ...standings(overallAfter),
      ...standings(gameAfter),
      column(tallies, 0),
      column(tallies, 1),
      column(tallies, 2),
      ACCURATE_GRADES,
      now,
    ],
  );
}
