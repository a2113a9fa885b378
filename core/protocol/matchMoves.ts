// zod/mini, like matches.ts: the watch page validates with these in the browser.
import * as z from 'zod/mini';
import {
  count,
  MAX_PLIES,
  matchSummarySchema,
  movesSchema,
  notation,
  timestamp,
} from './matches.ts';
import { moveVerdictSchema } from './moveVerdict.ts';

/** Why an agent played a move: the candidates it scored and the line it would say out loud. */
export const moveTraceSchema = z.object({
  candidates: z.array(z.object({ move: notation, score: z.number() })),
  depth: count,
  nodes: count,
  chosen: notation,
  reason: z.string(),
  /** The mover's judgement after its move, -1 lost .. 1 won (absent on moves stored before it). */
  advantage: z.optional(z.number().check(z.minimum(-1), z.maximum(1))),
  /** The chosen move's score is proven (solved, or a forced result found), not a heuristic. */
  proven: z.optional(z.boolean()),
});

/** One played move: `ply` is its number (1 for the first move), also the SSE event id. */
export const matchMoveSchema = z.object({
  ply: z.int().check(z.minimum(1), z.maximum(MAX_PLIES)),
  move: notation,
  agentId: z.string().check(z.minLength(1)),
  trace: moveTraceSchema,
  /** Absent where the game could not judge the move within budget, and on older moves. */
  verdict: z.optional(moveVerdictSchema),
  playedAt: timestamp,
});

/** Body of `GET /api/matches/:id`: the match with every move and its trace, and who is watching. */
export const matchDetailSchema = z.extend(matchSummarySchema, {
  turns: z.array(matchMoveSchema),
  spectators: count,
});

/**
 * SSE `move` event data (the event id is the ply), with the match's whole move list after it in
 * the game's encoding, which is what boards draw.
 */
export const moveEventSchema = z.extend(matchMoveSchema, {
  matchId: z.string(),
  moves: movesSchema,
});

/** @see matchMoveSchema */
export type MatchMove = z.infer<typeof matchMoveSchema>;
/** @see moveEventSchema */
export type MoveEvent = z.infer<typeof moveEventSchema>;

/**
 * SSE `verdict` event data: the verdict on move `ply`, judged after the move was stored and sent
 * (a bot's move, judged once the bot has its answer). A watcher sets it on the move it holds.
 */
export const verdictEventSchema = z.object({
  matchId: z.string(),
  ply: z.int().check(z.minimum(1), z.maximum(MAX_PLIES)),
  verdict: moveVerdictSchema,
});

/** @see verdictEventSchema */
export type VerdictEvent = z.infer<typeof verdictEventSchema>;
