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

/**
 * Each agent's judged moves in one match, and how many of them kept the value. A late verdict
 * stored meanwhile waits for this transaction's lock on the match row and then adds itself to the
 * counters (store/lateVerdict.ts), so each verdict is counted here or there, once.
 */
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
  // A standing row in the match's game for each (an agent may play a game it no longer lists).
  await tx.query(
    'insert into agent_ratings (agent_id, game) select unnest($1::text[]), $2 on conflict do nothing',
    [ids, side.game],
  );
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
  const judged = ids.map((id) => verdicts.get(id) ?? { judged: 0, accurate: 0 });
  const tallies = outcomes.map(tally);
  const column = <T>(values: readonly T[][], index: number) => values.map((row) => row[index]);
  const standings = (after: readonly Glicko2Rating[]) => [
    after.map((rating) => rating.rating),
    after.map((rating) => rating.deviation),
    after.map((rating) => rating.volatility),
  ];
  // Both agents in one statement per table (the rows are locked above, in id order).
  await tx.query(
    `update agents a set rating = v.rating, deviation = v.deviation, volatility = v.volatility,
       wins = a.wins + v.wins, losses = a.losses + v.losses, draws = a.draws + v.draws
     from unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::int[], $6::int[],
       $7::int[]) as v(id, rating, deviation, volatility, wins, losses, draws)
     where a.id = v.id`,
    [ids, ...standings(overallAfter), column(tallies, 0), column(tallies, 1), column(tallies, 2)],
  );
  await tx.query(
    `update agent_ratings r set rating = v.rating, deviation = v.deviation,
       volatility = v.volatility, wins = r.wins + v.wins, losses = r.losses + v.losses,
       draws = r.draws + v.draws, judged_moves = r.judged_moves + v.judged,
       accurate_moves = r.accurate_moves + v.accurate
     from unnest($1::text[], $3::float8[], $4::float8[], $5::float8[], $6::int[], $7::int[],
       $8::int[], $9::int[], $10::int[])
       as v(id, rating, deviation, volatility, wins, losses, draws, judged, accurate)
     where r.agent_id = v.id and r.game = $2`,
    [
      ids,
      side.game,
      ...standings(gameAfter),
      column(tallies, 0),
      column(tallies, 1),
      column(tallies, 2),
      judged.map((counts) => counts.judged),
      judged.map((counts) => counts.accurate),
    ],
  );
  await tx.query(
    `insert into rating_history (agent_id, match_id, game, rating, deviation, volatility,
       recorded_at)
     select v.id, $2, $3, v.rating, v.deviation, v.volatility, $4
     from unnest($1::text[], $5::float8[], $6::float8[], $7::float8[])
       as v(id, rating, deviation, volatility)`,
    [ids, matchId, side.game, now, ...standings(gameAfter)],
  );
}
