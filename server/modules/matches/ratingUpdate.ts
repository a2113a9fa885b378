import type { MatchResult } from '../../../core/protocol/matches.ts';
import { rateGame } from '../../../core/ratings/glicko2.ts';
import type { Queryable } from '../../db/database.ts';

interface AgentRatingRow {
  id: string;
  rating: number;
  deviation: number;
  volatility: number;
}

const SCORE_OF_FIRST = { first: 1, second: 0, draw: 0.5 } as const;

/** Rates both agents of a finished match (Glicko-2, one game per period) and records history. */
export async function applyRatings(
  tx: Queryable,
  matchId: string,
  result: MatchResult,
  now: Date,
): Promise<void> {
  const { rows: sides } = await tx.query<{ first_agent_id: string; second_agent_id: string }>(
    'select first_agent_id, second_agent_id from matches where id = $1',
    [matchId],
  );
  const side = sides[0];
  if (!side) return;
  const { rows } = await tx.query<AgentRatingRow>(
    'select id, rating, deviation, volatility from agents where id = any($1) order by id for update',
    [[side.first_agent_id, side.second_agent_id]],
  );
  const first = rows.find((row) => row.id === side.first_agent_id);
  const second = rows.find((row) => row.id === side.second_agent_id);
  if (!first || !second) return;
  const [firstAfter, secondAfter] = rateGame(first, second, SCORE_OF_FIRST[result]);
  const outcomes: [string, typeof firstAfter, 'win' | 'loss' | 'draw'][] = [
    [first.id, firstAfter, result === 'first' ? 'win' : result === 'draw' ? 'draw' : 'loss'],
    [second.id, secondAfter, result === 'second' ? 'win' : result === 'draw' ? 'draw' : 'loss'],
  ];
  for (const [agentId, after, outcome] of outcomes) {
    await tx.query(
      `update agents set rating = $2, deviation = $3, volatility = $4,
         wins = wins + $5, losses = losses + $6, draws = draws + $7 where id = $1`,
      [
        agentId,
        after.rating,
        after.deviation,
        after.volatility,
        outcome === 'win' ? 1 : 0,
        outcome === 'loss' ? 1 : 0,
        outcome === 'draw' ? 1 : 0,
      ],
    );
    await tx.query(
      `insert into rating_history (agent_id, match_id, rating, deviation, volatility, recorded_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [agentId, matchId, after.rating, after.deviation, after.volatility, now],
    );
  }
}
