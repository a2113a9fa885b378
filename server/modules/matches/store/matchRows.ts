import { z } from 'zod';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { type MatchSummary, matchSummarySchema } from '#core/protocol/matches.ts';
import { type MatchMove, matchMoveSchema, moveTraceSchema } from '#core/protocol/matchMoves.ts';
import { pliesOf, resultCellsOf } from './gameMoves.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));

/** A `matches` row joined with both agents' names, as read back from the database. */
export const matchRowSchema = z.object({
  id: z.string(),
  seq: z.coerce.string(),
  game: z.enum(GAME_IDS),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  first_agent_id: z.string(),
  second_agent_id: z.string(),
  first_name: z.string(),
  second_name: z.string(),
  first_rating: z.number(),
  second_rating: z.number(),
  seed: z.number().int(),
  moves: z.string(),
  result: z.enum(['first', 'second', 'draw']).nullable(),
  result_reason: z.string().nullable(),
  started_at: timestamp,
  ended_at: timestamp.nullable(),
  starts_at: timestamp.nullable(),
});

/** @see matchRowSchema */
export type MatchRow = z.infer<typeof matchRowSchema>;

/** Columns to select (from `matches m` joined to `agents a1`, `agents a2`) for `matchRowSchema`. */
export const MATCH_COLUMNS = `m.id, m.seq::text as seq, m.game, m.status, m.first_agent_id, m.second_agent_id,
  a1.name as first_name, a2.name as second_name, m.first_rating, m.second_rating, m.seed, m.moves,
  m.result, m.result_reason, m.started_at, m.ended_at, m.starts_at`;

/** The join that `MATCH_COLUMNS` needs. */
export const MATCH_FROM = `matches m join agents a1 on a1.id = m.first_agent_id
  join agents a2 on a2.id = m.second_agent_id`;

/** The wire shape of a match row. */
export function toMatchSummary(row: MatchRow): MatchSummary {
  const resultCells = row.status === 'finished' ? resultCellsOf(row.game, row.moves) : [];
  return matchSummarySchema.parse({
    id: row.id,
    game: row.game,
    status: row.status,
    players: [
      { agentId: row.first_agent_id, name: row.first_name, rating: Math.round(row.first_rating) },
      {
        agentId: row.second_agent_id,
        name: row.second_name,
        rating: Math.round(row.second_rating),
      },
    ],
    moves: row.moves,
    plies: pliesOf(row.game, row.moves),
    ...(row.result ? { result: row.result } : {}),
    ...(row.result_reason ? { reason: row.result_reason } : {}),
    ...(resultCells.length > 0 ? { resultCells } : {}),
    startedAt: row.started_at.toISOString(),
    ...(row.ended_at ? { endedAt: row.ended_at.toISOString() } : {}),
    ...(row.starts_at ? { startsAt: row.starts_at.toISOString() } : {}),
  });
}

/** A `match_moves` row as read back. */
export const moveRowSchema = z.object({
  ply: z.number().int(),
  move: z.string(),
  agent_id: z.string(),
  trace: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    moveTraceSchema,
  ),
  verdict: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    z.unknown(),
  ),
  played_at: timestamp,
});

/** The wire shape of a move row. */
export function toMatchMove(row: z.infer<typeof moveRowSchema>): MatchMove {
  return matchMoveSchema.parse({
    ply: row.ply,
    move: row.move,
    agentId: row.agent_id,
    trace: row.trace,
    ...(row.verdict ? { verdict: row.verdict } : {}),
    playedAt: row.played_at.toISOString(),
  });
}
